import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { repoRoot } from '../src/paths.js';

/**
 * The published shape of the SDK: `pnpm pack` the contract and the client (workspace:* and
 * catalog: must become versions), install the tarballs with plain npm into an empty project, and
 * type-check and run a consumer against them. Needs the npm registry for @ts-rest/core and zod.
 */
const dir = mkdtempSync(join(tmpdir(), 'emissor-pack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });

function pack(name: string): string {
  const before = new Set(readdirSync(dir));
  run(
    'npx',
    ['--yes', 'pnpm@10.34.9', 'pack', '--pack-destination', dir],
    join(repoRoot, 'packages', name),
  );
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz') && !before.has(f));
  if (!tarball) throw new Error(`pnpm pack of ${name} produced no tarball`);
  return join(dir, tarball);
}

const CONSUMER = `import { createEmissorClient, isErrorCode, type EmitBody } from '@emissor/client';
import { contract, type FiscalDocumentRead } from '@emissor/contract';

const emissor = createEmissorClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'emk_x_y', retry: { maxRetries: 0 } });

export async function listSeries(): Promise<number> {
  const res = await emissor.series.listSeries({ query: { tenant_ref: 't', branch_ref: 'b' } });
  return res.status === 200 ? res.body.length : 0;
}

export async function issue(body: EmitBody): Promise<FiscalDocumentRead | string> {
  const res = await emissor.emit(body, { idempotencyKey: 'order-1' });
  if (res.status === 201 || res.status === 200) return res.body;
  if (isErrorCode(res, 'series_not_found')) return res.body.detail.message;
  return String(res.status);
}

// The types are real, not any: each of these must be an error (never called).
export async function wrong() {
  // @ts-expect-error tenant_ref is a string
  await emissor.series.listSeries({ query: { tenant_ref: 1, branch_ref: 'b' } });
  // @ts-expect-error no such error code
  return isErrorCode(await emissor.emit({} as EmitBody), 'no_such_code');
}

console.log(typeof createEmissorClient, contract.emissions.emit.path);
`;

describe('publishable packages', () => {
  it('packs contract and client, installs them with npm, and a TypeScript consumer compiles and runs', () => {
    const tarballs = ['contract', 'client'].map(pack);

    for (const tarball of tarballs) {
      const files = run('tar', ['-tzf', tarball], dir).split('\n');
      expect(files).toEqual(
        expect.arrayContaining([
          'package/package.json',
          'package/README.md',
          'package/dist/index.js',
          'package/dist/index.d.ts',
        ]),
      );
      expect(files.filter((f) => /\.test\.|\/src\//.test(f))).toEqual([]);
      const manifest = JSON.parse(run('tar', ['-xzOf', tarball, 'package/package.json'], dir));
      expect(JSON.stringify(manifest)).not.toMatch(/workspace:|catalog:/);
      expect(manifest).toMatchObject({
        license: 'MIT',
        type: 'module',
        repository: expect.any(Object),
      });
    }

    const project = join(dir, 'consumer');
    run('mkdir', ['-p', project], dir);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022', 'DOM'],
          strict: true,
          types: [],
          outDir: 'out',
        },
        files: ['index.ts'],
      }),
    );
    writeFileSync(join(project, 'index.ts'), CONSUMER);
    run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', ...tarballs],
      project,
    );

    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    run(process.execPath, [tsc, '-p', 'tsconfig.json'], project);
    expect(run(process.execPath, ['out/index.js'], project).trim()).toBe('function /v1/emissoes');
  }, 180_000);
});
