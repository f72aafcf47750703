// After `tsc`: copy @emissor/contract's build into dist/contract/ and point the client's imports at
// it, so the published client is one package that installs alone (the contract is not published
// on its own). The contract's own dependencies (@ts-rest/core, zod) are the client's too; the one
// it takes from @emissor/nfe-xml (`/primitives`, text forms that import nothing) is copied along.
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const contractDist = dirname(fileURLToPath(import.meta.resolve('@emissor/contract')));
const target = join(dist, 'contract');
const PRIMITIVES = '@emissor/nfe-xml/primitives';
// Resolved from the contract's own folder: the client does not depend on @emissor/nfe-xml itself.
const primitivesDist = dirname(createRequire(join(contractDist, 'index.js')).resolve(PRIMITIVES));
const primitivesTarget = join(target, 'vendor', 'nfe-xml-primitives');

rmSync(target, { recursive: true, force: true });
cpSync(contractDist, target, {
  recursive: true,
  // Source maps point at sources the package does not ship.
  filter: (source) => statSync(source).isDirectory() || /\.(js|d\.ts)$/.test(source),
});

cpSync(primitivesDist, primitivesTarget, {
  recursive: true,
  filter: (source) => statSync(source).isDirectory() || /\.(js|d\.ts)$/.test(source),
});

function* files(dir, inside = false) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (inside || path !== target) yield* files(path, inside);
    } else if (/\.(js|d\.ts)$/.test(entry.name)) yield path;
  }
}

// Without the maps, their references only make tools look for missing files.
for (const file of files(target, true))
  writeFileSync(file, readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));

/** `from '<specifier>'` and `import('<specifier>')` of one package specifier. */
const importsOf = (specifier) =>
  new RegExp(`(from\\s+|import\\s*\\(\\s*)(['"])${specifier.replace(/[/.]/g, '\\$&')}\\2`, 'g');

// The copied primitives must stand alone: a bare import there would be a dependency the client lacks.
for (const file of files(primitivesTarget, true)) {
  if (/(from\s+|import\s*\(\s*)['"][^./]/.test(readFileSync(file, 'utf8')))
    throw new Error(`${file} imports a package: it cannot be copied into the client`);
}
const VENDORED = importsOf(PRIMITIVES);
for (const file of files(target, true)) {
  const text = readFileSync(file, 'utf8');
  let to = relative(dirname(file), join(primitivesTarget, 'index.js')).split(sep).join('/');
  if (!to.startsWith('.')) to = `./${to}`;
  const next = text.replace(VENDORED, (_, keyword, quote) => `${keyword}${quote}${to}${quote}`);
  if (next !== text) writeFileSync(file, next);
}

const SPECIFIER = /(from\s+|import\s*\(\s*)(['"])@emissor\/contract\2/g;
let bundled = 0;
for (const file of files(dist)) {
  const text = readFileSync(file, 'utf8');
  let to = relative(dirname(file), join(target, 'index.js')).split(sep).join('/');
  if (!to.startsWith('.')) to = `./${to}`;
  const next = text.replace(SPECIFIER, (_, keyword, quote) => `${keyword}${quote}${to}${quote}`);
  if (next !== text) writeFileSync(file, next);
  // An incremental tsc may leave files it did not re-emit already rewritten.
  if (next.includes(`${to}'`)) bundled += 1;
}
if (bundled === 0) throw new Error('no import of @emissor/contract found in dist: nothing bundled');
