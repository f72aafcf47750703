import { sharedDir } from '@emissor/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testPfx } from './helpers/certificates.js';
import { emissionRequest, EMITTER_CNPJ, newKey, prepareBranch } from './helpers/emission.js';
import { xmllintErrors, xmlsec1Verifies, xmlToolsAvailable } from './helpers/local-sefaz.js';
import { rejectedDocument } from './helpers/rejected-document.js';
import type { TestServer } from './helpers/server.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';

// Inutilizações (docs/api-rules.md "Events and inutilização"; the automatic void of a rejected number,
// "Transmission to SEFAZ") against the local SEFAZ the API starts in-process.
let server: SimulatorServer;
let admin: SimulatorServer['admin'];
beforeAll(async () => {
  server = await startSimulatorServer({
    env: {
      SEFAZ_TIMEOUT_MS: '5000',
    },
  });
  admin = server.admin;
});
afterAll(() => server.close());

type Product = Awaited<ReturnType<TestServer['newProduct']>>;
type Json = Record<string, any>;

let counter = 0;
const refs = () => ({ tenant_ref: `inut-${++counter}`, branch_ref: 'filial-1' });
let range = 0;
const fresh = () => ({ nextNumber: ++range * 1000 });

const JUSTIFICATIVA = 'Numeracao pulada por falha do sistema de emissao';
const withTools = () => sharedDir() !== undefined && xmlToolsAvailable;
const PROC_INUT = ['PL_009_V4', 'procInutNFe_v4.00.xsd'];

async function call(
  product: Pick<Product, 'apiKey'> | undefined,
  method: string,
  path: string,
  options: { body?: unknown; key?: string; wait?: number } = {},
) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(product && { 'x-api-key': product.apiKey }),
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
      ...(options.key !== undefined && { 'idempotency-key': options.key }),
      ...(options.wait !== undefined && { prefer: `wait=${options.wait}` }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  const json = res.headers.get('content-type')?.includes('json')
    ? (JSON.parse(text) as Json)
    : undefined;
  return { status: res.status, headers: res.headers, text, json: json as Json };
}

const voidRequest = (
  r: { tenant_ref: string; branch_ref: string },
  numeroInicial: number,
  numeroFinal: number,
) => ({
  ...r,
  serie: 1,
  numero_inicial: numeroInicial,
  numero_final: numeroFinal,
  justificativa: JUSTIFICATIVA,
  ambiente: 'homologacao' as const,
  uf: 'SP' as const,
});

const list = (product: Product, r: { tenant_ref: string; branch_ref: string }) =>
  call(product, 'GET', `/v1/inutilizacoes?${new URLSearchParams(r).toString()}`);

/** The ranges the local SEFAZ voided for the emitter's series 1. */
async function registeredVoids() {
  const { rows } = await server.database.pool.query<{ first: number; last: number }>(
    `select numero_inicial as first, numero_final as last from sefaz_simulator.inutilizacao
      where emitente = $1 and serie = 1 order by numero_inicial`,
    [EMITTER_CNPJ],
  );
  return rows;
}

async function footprint() {
  const { rows } = await server.database.pool.query<Record<string, number>>(`
    select (select count(*) from fiscal_voids)::int as voids,
           (select count(*) from fiscal_void_queue)::int as void_queue,
           (select count(*) from sefaz_simulator.inutilizacao)::int as sefaz_voids`);
  return rows[0];
}

function expectValidProc(xml: string) {
  expect(xml).toContain('<ProcInutNFe');
  if (!withTools()) return;
  expect(xmllintErrors(xml, ...PROC_INUT)).toEqual([]);
  expect(xmlsec1Verifies(xml, testPfx({ cnpj: EMITTER_CNPJ }).certificatePem, 'infInut')).toBe(
    true,
  );
}

describe('inutilização manual', () => {
  it('voids a range below next_number: homologada, ProcInutNFe valid and signed, listed; the key replays', async () => {
    const product = await server.newProduct();
    const r = refs();
    const { nextNumber } = fresh();
    await prepareBranch(server.url, product, r, { nextNumber: nextNumber + 100 });
    const body = voidRequest(r, nextNumber + 1, nextNumber + 5);
    const key = newKey();
    const res = await product.client.voidNumbers(body, { idempotencyKey: key, wait: 30 });
    expect(res.status).toBe(201);
    if (res.status !== 201) return;
    expect(res.body).toMatchObject({
      product_id: product.id,
      ...r,
      serie: 1,
      numero_inicial: nextNumber + 1,
      numero_final: nextNumber + 5,
      ambiente: 'homologacao',
      origem: 'manual',
      status: 'homologada',
      rejeicao_codigo: null,
    });
    expect(res.body.protocolo).toMatch(/^\d{15}$/);
    expect(res.headers.get('preference-applied')).toBe('wait=30');
    expect(await registeredVoids()).toContainEqual({ first: nextNumber + 1, last: nextNumber + 5 });

    const xml = await call(product, 'GET', `/v1/inutilizacoes/${res.body.id}/xml`);
    expect(xml.status).toBe(200);
    expectValidProc(xml.text);
    expect((await list(product, r)).json).toEqual([
      (await call(product, 'GET', `/v1/inutilizacoes/${res.body.id}`)).json,
    ]);

    const replay = await call(product, 'POST', '/v1/inutilizacoes', { body, key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json.id).toBe(res.body.id);
    const reused = await call(product, 'POST', '/v1/inutilizacoes', {
      body: { ...body, numero_final: nextNumber + 6 },
      key,
    });
    expect(reused.status).toBe(422);
    expect(reused.json.detail[0].type).toBe('idempotency_key_reused');
  });

  it('refuses ranges at or above next_number, holding a live document or overlapping a void, and bad input: nothing stored, nothing sent', async () => {
    const product = await server.newProduct();
    const other = await server.newProduct();
    const r = refs();
    const { nextNumber } = fresh();
    await prepareBranch(server.url, product, r, { nextNumber });
    const emitted = await product.client.emit(emissionRequest(r), { wait: 30 });
    if (emitted.status !== 201) throw new Error('emission failed');
    expect(emitted.body).toMatchObject({ numero: nextNumber, status: 'autorizada' });
    await product.client.series.patchSeries({
      params: { series_id: emitted.body.series_id },
      body: { next_number: nextNumber + 20 },
    });
    const done = await call(product, 'POST', '/v1/inutilizacoes', {
      body: voidRequest(r, nextNumber + 10, nextNumber + 12),
      key: newKey(),
      wait: 30,
    });
    expect(done.json.status).toBe('homologada');

    const before = await footprint();
    const refusals: [string, unknown, Product, number, string][] = [
      [
        'at next_number',
        voidRequest(r, nextNumber + 15, nextNumber + 20),
        product,
        409,
        'numbers_in_use',
      ],
      [
        'holding an autorizada document',
        voidRequest(r, nextNumber, nextNumber + 2),
        product,
        409,
        'numbers_in_use',
      ],
      [
        'overlapping a homologada void',
        voidRequest(r, nextNumber + 12, nextNumber + 13),
        product,
        409,
        'numbers_in_use',
      ],
      [
        'an unknown series',
        { ...voidRequest(r, 1, 2), serie: 9 },
        product,
        404,
        'series_not_found',
      ],
      [
        "another product's series",
        voidRequest(r, nextNumber + 1, nextNumber + 2),
        other,
        404,
        'series_not_found',
      ],
    ];
    for (const [name, body, who, status, code] of refusals) {
      const res = await call(who, 'POST', '/v1/inutilizacoes', { body, key: newKey() });
      expect(res.status, name).toBe(status);
      expect(res.json.detail.code, name).toBe(code);
    }
    const invalid: [string, unknown, string, unknown[]][] = [
      ['final below initial', voidRequest(r, 5, 4), 'greater_than_equal', ['body', 'numero_final']],
      ['number 0', voidRequest(r, 0, 4), 'greater_than_equal', ['body', 'numero_inicial']],
      [
        'short justificativa',
        { ...voidRequest(r, 1, 2), justificativa: 'curta' },
        'string_too_short',
        ['body', 'justificativa'],
      ],
      ['not a UF', { ...voidRequest(r, 1, 2), uf: 'XX' }, 'literal_error', ['body', 'uf']],
      [
        'an extra field',
        { ...voidRequest(r, 1, 2), modelo: '65' },
        'extra_forbidden',
        ['body', 'modelo'],
      ],
    ];
    for (const [name, body, type, loc] of invalid) {
      const res = await call(product, 'POST', '/v1/inutilizacoes', { body, key: newKey() });
      expect(res.status, name).toBe(422);
      expect(res.json.detail, name).toContainEqual(expect.objectContaining({ type, loc }));
    }
    expect(await footprint()).toEqual(before);

    for (const path of [
      `/v1/inutilizacoes/${done.json.id}`,
      `/v1/inutilizacoes/${done.json.id}/xml`,
    ]) {
      const res = await call(other, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(res.json.detail.code).toBe('inutilizacao_not_found');
    }
    expect((await list(other, r)).json).toEqual([]);
    expect((await call(undefined, 'GET', `/v1/inutilizacoes/${done.json.id}`)).status).toBe(401);
  });

  it('a lost answer: the resend meets 563, which means homologada', async () => {
    const product = await server.newProduct();
    const r = refs();
    const { nextNumber } = fresh();
    await prepareBranch(server.url, product, r, { nextNumber: nextNumber + 10 });
    await admin.knobs({ dropInutilizacaoAnswers: 1 });
    const res = await call(product, 'POST', '/v1/inutilizacoes', {
      body: voidRequest(r, nextNumber, nextNumber + 1),
      key: newKey(),
      wait: 30,
    });
    expect(res.json).toMatchObject({ status: 'homologada', protocolo: null });
    expect(await registeredVoids()).toContainEqual({ first: nextNumber, last: nextNumber + 1 });
    const finishedLines = () =>
      server.logs.filter(
        (l) => l.includes(res.json.id as string) && l.includes('inutilização finished'),
      );
    // The log line is written just after the commit the waiting request may see first.
    await expect.poll(() => finishedLines().length).toBeGreaterThan(0);
    const finished = finishedLines();
    expect(finished).toHaveLength(1);
    expect(finished[0]).toContain('"cStat":"563"');
    // No ProcInutNFe without SEFAZ's answer: the signed inutNFe is what there is.
    const xml = await call(product, 'GET', `/v1/inutilizacoes/${res.json.id}/xml`);
    expect(xml.text).toContain('<inutNFe');
  });
});

describe('automatic void of a rejected number', () => {
  it('a rejeitada document gets an inutilização with origem rejeicao, stored with the rejection, homologated and logged', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, fresh());
    const document = await rejectedDocument(server, admin, product.client, r);
    expect(document).toMatchObject({ status: 'rejeitada', rejeicao_codigo: '778' });
    // Stored by the statement that stored the rejection.
    const voids = (await list(product, r)).json as Json[];
    expect(voids).toHaveLength(1);
    expect(voids[0]).toMatchObject({
      origem: 'rejeicao',
      serie: 1,
      numero_inicial: document.numero,
      numero_final: document.numero,
      ambiente: 'homologacao',
    });
    const homologated = await call(product, 'GET', `/v1/inutilizacoes/${voids[0]!.id}`, {
      wait: 30,
    });
    expect(homologated.json).toMatchObject({ status: 'homologada' });
    expect(homologated.json.protocolo).toMatch(/^\d{15}$/);
    expect(await registeredVoids()).toContainEqual({
      first: document.numero,
      last: document.numero,
    });
    const xml = await call(product, 'GET', `/v1/inutilizacoes/${voids[0]!.id}/xml`);
    expectValidProc(xml.text);
    expect(xml.text).toContain(`NF-e ${document.numero} rejeitada pela SEFAZ (cStat 778)`);
    const loggedLines = () =>
      server.logs.filter(
        (l) =>
          l.includes('inutilização finished') &&
          l.includes('"origem":"rejeicao"') &&
          l.includes(document.chave_acesso),
      );
    // The log line is written just after the commit a reader may see first.
    await expect.poll(() => loggedLines().length).toBeGreaterThan(0);
    const logged = loggedLines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('"status":"homologada"');
  });
});
