import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emissionRequest, newKey, prepareBranch } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';

// An inutilização SEFAZ is known to refuse is a 422 before anything is stored or sent: more numbers
// than one request may void, or an ambiente the configured SEFAZ does not serve (the local SEFAZ is
// homologação only). Real HTTP; SEFAZ=official is pointed at the local SEFAZ of the first server.
let simulated: SimulatorServer;
let official: TestServer;
let off: TestServer;
beforeAll(async () => {
  simulated = await startSimulatorServer({
    env: {
      SEFAZ_TIMEOUT_MS: '5000',
    },
  });
  const simulator = simulated.sefazSimulator;
  official = await startTestServer({
    env: {
      SEFAZ: 'official',
      SEFAZ_URL: simulator.url,
      SEFAZ_CA_FILE: simulator.caPath,
      SEFAZ_POLL_MS: '50',
      SEFAZ_RETRY_BASE_MS: '50',
      SEFAZ_TIMEOUT_MS: '5000',
    },
  });
  off = await startTestServer({ env: { SEFAZ: 'off' } });
});
afterAll(async () => {
  await Promise.all([simulated?.close(), official?.close(), off?.close()]);
});

type Refs = { tenant_ref: string; branch_ref: string };
let counter = 0;
const refs = (): Refs => ({ tenant_ref: `limits-${++counter}`, branch_ref: 'filial-1' });
// Every product signs with the same test CNPJ, and the local SEFAZ keys its registry by CNPJ and
// serie (both API servers reach the same local SEFAZ): each test voids numbers of its own.
let block = 0;
const freshBlock = () => ++block * 100_000;

const JUSTIFICATIVA = 'Numeracao pulada por falha do sistema de emissao';

async function prepared(server: TestServer, nextNumber: number) {
  const product = await server.newProduct();
  const r = refs();
  await prepareBranch(server.url, product, r, { nextNumber });
  return { product, r };
}

async function postVoid(
  server: TestServer,
  apiKey: string,
  body: Record<string, unknown>,
  key = newKey(),
) {
  const res = await fetch(`${server.url}/v1/inutilizacoes`, {
    method: 'POST',
    headers: {
      'x-api-key': apiKey,
      'content-type': 'application/json',
      'idempotency-key': key,
      prefer: 'wait=30',
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const voidBody = (r: Refs, first: number, last: number, ambiente = 'homologacao') => ({
  ...r,
  serie: 1,
  numero_inicial: first,
  numero_final: last,
  justificativa: JUSTIFICATIVA,
  ambiente,
  uf: 'SP',
});

/** What a refused request must leave untouched: our records, our queue, the local SEFAZ's registry. */
async function footprint() {
  const count = async (server: TestServer, sql: string) =>
    (await server.database.pool.query<{ n: number }>(sql)).rows[0]!.n;
  return {
    simulatedVoids: await count(simulated, 'select count(*)::int as n from fiscal_voids'),
    simulatedQueue: await count(simulated, 'select count(*)::int as n from fiscal_void_queue'),
    officialVoids: await count(official, 'select count(*)::int as n from fiscal_voids'),
    officialQueue: await count(official, 'select count(*)::int as n from fiscal_void_queue'),
    offVoids: await count(off, 'select count(*)::int as n from fiscal_voids'),
    sefazVoids: await count(
      simulated,
      'select count(*)::int as n from sefaz_simulator.inutilizacao',
    ),
  };
}

const tooMany = (first: number, last: number) => ({
  loc: ['body', 'numero_final'],
  msg: `Input should be less than or equal to ${first + 9_999}: one inutilização voids at most 10000 numbers and ${first}–${last} holds ${last - first + 1}`,
  type: 'less_than_equal',
  input: last,
  ctx: { le: first + 9_999 },
});

const notServed = {
  loc: ['body', 'ambiente'],
  msg: "Input should be 'homologacao': SEFAZ=simulator (the local SEFAZ) serves homologacao only",
  type: 'literal_error',
  input: 'producao',
  ctx: { expected: '"homologacao"' },
};

describe('inutilização checks before sending', () => {
  it('more than 10,000 numbers → 422 on numero_final, nothing stored or sent; exactly 10,000 is homologada', async () => {
    const base = freshBlock();
    const { product, r } = await prepared(simulated, base + 20_000);
    const before = await footprint();
    const key = newKey();
    const refused = await postVoid(
      simulated,
      product.apiKey,
      voidBody(r, base + 1, base + 10_001),
      key,
    );
    expect(refused).toEqual({ status: 422, body: { detail: [tooMany(base + 1, base + 10_001)] } });
    expect(await footprint()).toEqual(before);

    // The refused request consumed nothing: its key now carries the largest range SEFAZ takes.
    const accepted = await postVoid(
      simulated,
      product.apiKey,
      voidBody(r, base + 1, base + 10_000),
      key,
    );
    expect(accepted).toMatchObject({
      status: 201,
      body: { numero_inicial: base + 1, numero_final: base + 10_000, status: 'homologada' },
    });
  });

  it('SEFAZ=simulator: ambiente producao → 422 on ambiente, nothing stored or sent', async () => {
    const base = freshBlock();
    const { product, r } = await prepared(simulated, base + 100);
    const before = await footprint();
    const refused = await postVoid(
      simulated,
      product.apiKey,
      voidBody(r, base + 1, base + 2, 'producao'),
    );
    expect(refused).toEqual({ status: 422, body: { detail: [notServed] } });
    expect(await footprint()).toEqual(before);
  });

  it('both at once: one 422 naming both fields', async () => {
    const base = freshBlock();
    const { product, r } = await prepared(simulated, base + 20_000);
    const before = await footprint();
    const refused = await postVoid(
      simulated,
      product.apiKey,
      voidBody(r, base + 1, base + 15_000, 'producao'),
    );
    expect(refused).toEqual({
      status: 422,
      body: { detail: [tooMany(base + 1, base + 15_000), notServed] },
    });
    expect(await footprint()).toEqual(before);
  });

  it('SEFAZ=official serves producao (sent: here the local SEFAZ answers 252) but keeps the range limit', async () => {
    const base = freshBlock();
    const { product, r } = await prepared(official, base + 20_000);
    const before = await footprint();
    const tooLarge = await postVoid(
      official,
      product.apiKey,
      voidBody(r, base + 1, base + 10_001, 'producao'),
    );
    expect(tooLarge).toEqual({ status: 422, body: { detail: [tooMany(base + 1, base + 10_001)] } });
    expect(await footprint()).toEqual(before);

    const sent = await postVoid(
      official,
      product.apiKey,
      voidBody(r, base + 1, base + 2, 'producao'),
    );
    expect(sent).toMatchObject({
      status: 201,
      body: { ambiente: 'producao', status: 'rejeitada', rejeicao_codigo: '252' },
    });
  });

  it('SEFAZ=off: producao is still the 409 sefaz_disabled; too many numbers is bad input first (422)', async () => {
    const base = freshBlock();
    const { product, r } = await prepared(off, base + 20_000);
    const disabled = await postVoid(
      off,
      product.apiKey,
      voidBody(r, base + 1, base + 2, 'producao'),
    );
    expect(disabled).toMatchObject({ status: 409, body: { detail: { code: 'sefaz_disabled' } } });
    const tooLarge = await postVoid(off, product.apiKey, voidBody(r, base + 1, base + 10_001));
    expect(tooLarge).toEqual({ status: 422, body: { detail: [tooMany(base + 1, base + 10_001)] } });
    expect((await footprint()).offVoids).toBe(0);
  });
});

describe('an emission in an ambiente the configured SEFAZ does not serve', () => {
  async function emit(server: TestServer, apiKey: string, body: unknown) {
    const res = await fetch(`${server.url}/v1/emissoes`, {
      method: 'POST',
      headers: {
        'x-api-key': apiKey,
        'content-type': 'application/json',
        'idempotency-key': newKey(),
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  async function counterOf(server: TestServer, productId: string) {
    const { rows } = await server.database.pool.query<{ next_number: number; documents: string }>(
      `select s.next_number, (select count(*) from documents d where d.product_id = s.product_id) as documents
         from series s where s.product_id = $1`,
      [productId],
    );
    return rows[0];
  }

  it('SEFAZ=simulator: producao is a 422 on ambiente; no number, no document, nothing sent', async () => {
    const base = freshBlock();
    const { product, r } = await prepared(simulated, base + 1);
    const before = await counterOf(simulated, product.id);
    const refused = await emit(simulated, product.apiKey, {
      ...emissionRequest(r),
      ambiente: 'producao',
    });
    expect(refused).toEqual({
      status: 422,
      body: {
        detail: [
          {
            loc: ['body', 'ambiente'],
            msg: expect.stringContaining('serves homologacao only'),
            type: 'literal_error',
            input: 'producao',
            ctx: { expected: '"homologacao"' },
          },
        ],
      },
    });
    expect(await counterOf(simulated, product.id)).toEqual(before);
    expect((await emit(simulated, product.apiKey, emissionRequest(r))).status).toBe(201);
  });

  it('SEFAZ=off sends nothing, so producao is signed and kept', async () => {
    const { product, r } = await prepared(off, freshBlock() + 1);
    const signed = await emit(off, product.apiKey, { ...emissionRequest(r), ambiente: 'producao' });
    expect(signed).toMatchObject({
      status: 201,
      body: { ambiente: 'producao', status: 'assinada' },
    });
  });
});
