import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { repoRoot } from '../src/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { METRICS_ENABLED: 'true' } });
});
afterAll(() => server.close());

/** `name → type` of each metric in the operations guide's table (first cell, then the kind). */
function documentedMetrics(): Map<string, string> {
  const text = readFileSync(join(repoRoot, 'docs/operations.md'), 'utf8');
  const rows = [...text.matchAll(/^\| `(emissor_\w+)` +\|.*\| (\w+)[^|]*\|$/gm)];
  return new Map(rows.map((m) => [m[1]!, m[2]!]));
}

describe('docs/operations.md lists the metrics GET /metrics exports', () => {
  it('every exported metric, with its type, and nothing that is not exported', async () => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    const exported = new Map(
      [...text.matchAll(/^# TYPE (emissor_\w+) (\w+)$/gm)].map((m) => [m[1]!, m[2]!]),
    );
    expect(exported.size).toBeGreaterThan(0);
    expect(Object.fromEntries(documentedMetrics())).toEqual(Object.fromEntries(exported));
  });

  it('every kind of emissor_emission_numbering_total is named in the table', async () => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    const kinds = [...text.matchAll(/^emissor_emission_numbering_total\{kind="(\w+)"\}/gm)].map(
      (m) => m[1]!,
    );
    const row = readFileSync(join(repoRoot, 'docs/operations.md'), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('| `emissor_emission_numbering_total`'));
    expect(kinds.length).toBeGreaterThan(0);
    for (const kind of kinds) expect(row, kind).toContain(`\`${kind}\``);
  });
});
