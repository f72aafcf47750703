import type { Node } from './compile.js';

/**
 * The body of a compiled object node, generated per shape. One loop over the keys would read and
 * write every field through the same property site, which V8 can only make megamorphic (it was a
 * fifth of the fast path's time); generated code has a site per key, and every output object is
 * built in the same key order, so they share one hidden class. Keys enter the code only through
 * JSON.stringify, so any key is a quoted literal.
 */
export function objectNode(
  keys: readonly string[],
  nodes: readonly Node[],
  strict: boolean,
  known: ReadonlySet<string>,
  bail: symbol,
  isPlainObject: (value: unknown) => boolean,
): Node {
  const lines = [
    'return function compiledObject(value) {',
    'if (!isPlainObject(value)) return BAIL;',
  ];
  // zod's own test for extra keys: for…in, so inherited enumerable keys count too.
  if (strict) lines.push('for (const key in value) if (!known.has(key)) return BAIL;');
  keys.forEach((key, i) => {
    lines.push(
      `const v${i} = n${i}(value[${JSON.stringify(key)}]);`,
      `if (v${i} === BAIL) return BAIL;`,
    );
  });
  lines.push('const out = {};');
  keys.forEach((key, i) => {
    // zod drops an undefined result unless the key was present (`key in data`).
    const quoted = JSON.stringify(key);
    lines.push(`if (v${i} !== undefined || ${quoted} in value) out[${quoted}] = v${i};`);
  });
  lines.push('return out;', '};');
  const bind = keys.map((_, i) => `const n${i} = nodes[${i}];`).join('\n');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from the shape's keys only, see above
  const factory = new Function(
    'nodes',
    'BAIL',
    'isPlainObject',
    'known',
    `${bind}\n${lines.join('\n')}`,
  ) as (...args: unknown[]) => Node;
  return factory(nodes, bail, isPlainObject, known);
}
