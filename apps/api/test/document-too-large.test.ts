import { regimeNormalItem, type Refs } from '@emissor/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { storedXmlText } from '../src/storage/stored-xml.js';
import { emissionRequest, postEmission, prepareBranch } from './helpers/emission.js';
import { untilDocumentsFinal } from './helpers/local-sefaz.js';
import { refusalBranch } from './helpers/refusals.js';
import type { TestProduct } from './helpers/server.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';
import { storedXmlRow } from './helpers/stored-xml.js';

// A signed NF-e travels to SEFAZ inside an enviNFe of at most 500 KB (cStat 214 otherwise). One
// that could never fit is refused before a number is taken, instead of being stored and retried
// for ever. Transmission is on: what is accepted must really be accepted by the local SEFAZ.
let server: SimulatorServer;
beforeAll(async () => {
  server = await startSimulatorServer();
});
afterAll(() => server.close());

let counter = 0;
const refs = (): Refs => ({ tenant_ref: `loja-${++counter}`, branch_ref: 'filial-1' });

/** `count` items whose descriptions are `length` characters long (the layout's most is 120). */
function requestWith(r: Refs, count: number, length = 120) {
  const request = emissionRequest(r, { items: count });
  request.itens = request.itens.map((_, i) =>
    regimeNormalItem(i + 1, { descricao: `Item ${i + 1} `.padEnd(length, 'x') }),
  );
  return request;
}

/** Cuts `chars` characters (one byte each in the XML) off the ends of the descriptions. */
function shortened(request: ReturnType<typeof requestWith>, chars: number) {
  let left = chars;
  const itens = request.itens.map((item) => {
    const cut = Math.min(left, item.descricao.length - 20);
    left -= cut;
    return { ...item, descricao: item.descricao.slice(0, item.descricao.length - cut) };
  });
  if (left > 0) throw new Error('not enough text to cut');
  return { ...request, itens };
}

const emit = (product: TestProduct, body: unknown) =>
  postEmission(server.url, product.apiKey, body);

async function nextNumber(product: TestProduct, r: Refs) {
  const list = await product.client.series.listSeries({ query: r });
  if (list.status !== 200) throw new Error('list failed');
  return list.body[0]?.next_number;
}

async function count(sql: string, values: unknown[] = []) {
  const { rows } = await server.database.pool.query<{ n: string }>(sql, values);
  return Number(rows[0]?.n);
}

const tooLarge = (res: { status: number; body: any }) => {
  expect(res.status).toBe(422);
  expect(res.body.detail).toHaveLength(1);
  const [issue] = res.body.detail;
  expect(issue).toMatchObject({ loc: ['body', 'itens'], type: 'document_too_large' });
  // The items are not echoed back: they are most of a body of hundreds of KB.
  expect(issue).not.toHaveProperty('input');
  return issue as { msg: string; ctx: { size_bytes: number; limit_bytes: number } };
};

describe('POST /v1/emissoes: a document too large for SEFAZ', () => {
  it('990 items of 120 characters: 422 before a number is taken, nothing stored or sent', async () => {
    const branch = await refusalBranch(server, refs(), 7);
    const sentBefore = await count('select count(*) as n from sefaz_simulator.nfe');

    const request = requestWith(branch.refs, 990);
    // Well within the API's 2 MiB body limit: the request itself is fine, its NF-e is not.
    expect(Buffer.byteLength(JSON.stringify(request))).toBeLessThan(2 * 1024 * 1024);
    const issue = tooLarge(await emit(branch.product, request));
    expect(issue.ctx.size_bytes).toBeGreaterThan(770_000);
    expect(issue.ctx.limit_bytes).toBeLessThan(500 * 1024);
    expect(issue.ctx.limit_bytes).toBeGreaterThan(500 * 1024 - 200);
    // A person reads the size and the limit in the message.
    expect(issue.msg).toContain(issue.ctx.size_bytes.toLocaleString('en-US'));
    expect(issue.msg).toContain(issue.ctx.limit_bytes.toLocaleString('en-US'));
    expect(issue.msg).toMatch(/500 KB/);

    await branch.expectNothingChanged();
    expect(await count('select count(*) as n from transmission_queue')).toBe(0);
    expect(await count('select count(*) as n from sefaz_simulator.nfe')).toBe(sentBefore);
  });

  it('the limit is exact: an NF-e at it is authorised, one byte more is refused', async () => {
    const product = await server.newProduct();
    const r = refs();
    // Nine-digit numbers: the longest nNF, so the document is exactly as large as the check says.
    await prepareBranch(server.url, product, r, { nextNumber: 100_000_000 });

    // 644 items of 120 characters are just over the limit; 643 fit.
    const probe = requestWith(r, 644);
    const { ctx } = tooLarge(await emit(product, probe));
    const excess = ctx.size_bytes - ctx.limit_bytes;
    expect(excess).toBeGreaterThan(0);
    expect(excess).toBeLessThan(800); // one item of 120 characters is about 790 bytes signed

    const oneByteOver = tooLarge(await emit(product, shortened(probe, excess - 1)));
    expect(oneByteOver.ctx).toEqual({
      size_bytes: ctx.limit_bytes + 1,
      limit_bytes: ctx.limit_bytes,
    });
    expect(await nextNumber(product, r)).toBe(100_000_000);

    const atLimit = await emit(product, shortened(probe, excess));
    expect(atLimit.status).toBe(201);
    const stored = storedXmlText(await storedXmlRow(server.database.db, atLimit.body.id));
    expect(Buffer.byteLength(stored)).toBe(ctx.limit_bytes);
    // The local SEFAZ refuses a message over 500 KB (214): this one is authorised.
    const [final] = await untilDocumentsFinal(product.client, [atLimit.body.id]);
    expect(final).toMatchObject({ status: 'autorizada', numero: 100_000_000 });
    expect(await nextNumber(product, r)).toBe(100_000_001);
  });
});
