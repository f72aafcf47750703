import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ApiProcess } from '../helpers/api-process.js';
import { emissionRequest, newKey, prepareBranch } from '../helpers/emission.js';
import { untilDocumentsFinal, untilFinal } from '../helpers/local-sefaz.js';
import { startProcessStack, type ProcessStack } from '../helpers/process-stack.js';

// Built API processes (`node dist/main.js`, SEFAZ=official with SEFAZ_URL at a local SEFAZ) on one
// database: what survives kill -9, and what two processes do with one queue.
let stack: ProcessStack;
beforeAll(async () => {
  stack = await startProcessStack();
});
afterAll(() => stack?.close());

const transmittingApi = () => stack.transmittingApi();

async function emitTo(api: ApiProcess, apiKey: string, body: unknown) {
  const res = await fetch(`${api.url}/v1/emissoes`, {
    method: 'POST',
    headers: {
      'x-api-key': apiKey,
      'content-type': 'application/json',
      'idempotency-key': newKey(),
    },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; chave_acesso: string; status: string };
}

/** How many times the local SEFAZ registered the chave (its registry is keyed by chave). */
async function registrations(chave: string): Promise<number> {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from sefaz_simulator.nfe where chave = $1',
      [chave],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

const logLines = (api: ApiProcess, chave: string) =>
  api
    .output()
    .split('\n')
    .filter((line) => line.includes(chave));

describe('transmission across API processes', () => {
  it('kill -9 of the API between send and answer: on restart the document ends autorizada once', async () => {
    const product = await stack.setup.newProduct();
    const refs = { tenant_ref: 'crash', branch_ref: 'f1' };
    await prepareBranch(stack.setup.url, product, refs, { nextNumber: 500 });
    const read = async () => {
      const res = await product.client.documents.getDocument({ params: { document_id: id } });
      if (res.status !== 200) throw new Error(`read failed: ${res.status}`);
      return res.body;
    };

    // SEFAZ processes the lot at once and answers 3 s later: the API dies in between.
    await stack.admin.knobs({ latencyMs: 3000 });
    const first = await transmittingApi();
    const emitted = await emitTo(first, product.apiKey, emissionRequest(refs));
    const id = emitted.id;
    await expect
      .poll(() => registrations(emitted.chave_acesso), { timeout: 10_000, interval: 50 })
      .toBe(1);
    first.child.kill('SIGKILL');
    await first.exited;
    await stack.admin.knobs({ latencyMs: 0 });
    expect((await read()).status).toBe('processando');
    const row = await stack.setup.database.db
      .selectFrom('transmission_queue')
      .select(['attempts', 'sent'])
      .where('document_id', '=', id)
      .executeTakeFirstOrThrow();
    // The attempt was recorded before the send.
    expect(row).toEqual({ attempts: 1, sent: true });

    const second = await transmittingApi();
    const done = await untilFinal(read, 40_000);
    expect(done.status).toBe('autorizada');
    expect(done.protocolo).toMatch(/^1\d{14}$/);
    expect(await registrations(emitted.chave_acesso)).toBe(1);
    // The restarted process consulted (attempt 2) and found the protocol; it never resent (204).
    const finishedLines = () =>
      logLines(second, emitted.chave_acesso).filter((l) => l.includes('transmission finished'));
    await expect.poll(() => finishedLines().length).toBeGreaterThan(0);
    const finished = finishedLines();
    expect(finished).toHaveLength(1);
    expect(finished[0]).toContain('"cStat":"100"');
    expect(second.output()).not.toContain('"cStat":"204"');
    // Out of the next test's way: it counts the attempts of its own two processes.
    second.child.kill('SIGTERM');
    await second.exited;
  });

  it('two API processes on one database serve one queue without double sends', async () => {
    const product = await stack.setup.newProduct();
    const refs = { tenant_ref: 'shared', branch_ref: 'f1' };
    await prepareBranch(stack.setup.url, product, refs, { nextNumber: 700 });
    const apis = [await transmittingApi(), await transmittingApi()];
    const emitted = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        emitTo(apis[i % 2] as ApiProcess, product.apiKey, emissionRequest(refs)),
      ),
    );
    const finals = await untilDocumentsFinal(
      product.client,
      emitted.map((d) => d.id),
      40_000,
    );
    expect(finals.map((d) => d.status)).toEqual(Array(16).fill('autorizada'));
    const finishedLines = (chave: string) =>
      apis
        .flatMap((api) => logLines(api, chave))
        .filter((l) => l.includes('transmission finished'));
    for (const d of emitted) {
      // Exactly one attempt, by one of the two processes, and nothing retried or consulted. (The
      // log line is written just after the commit a reader may see first.)
      await expect
        .poll(() => finishedLines(d.chave_acesso).length, {
          message: apis.flatMap((api) => logLines(api, d.chave_acesso)).join('\n'),
        })
        .toBeGreaterThan(0);
      expect(finishedLines(d.chave_acesso)).toHaveLength(1);
      const lines = apis.flatMap((api) => logLines(api, d.chave_acesso));
      expect(lines.filter((l) => l.includes('transmission retried'))).toHaveLength(0);
      expect(await registrations(d.chave_acesso)).toBe(1);
    }
    // Which process sent what is a race (one claim may take all 16 into one lot), so only the sum
    // is fixed: every document finished once in one of the two.
    const finishedAll = apis.flatMap((api) =>
      api
        .output()
        .split('\n')
        .filter((l) => l.includes('transmission finished')),
    );
    expect(finishedAll).toHaveLength(emitted.length);
  });
});
