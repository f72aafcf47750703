import { sharedDir } from '@emissor/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testPfx } from './helpers/certificates.js';
import { emissionRequest, EMITTER_CNPJ, newKey, prepareBranch } from './helpers/emission.js';
import {
  untilFinal,
  xmllintErrors,
  xmlsec1Verifies,
  xmlToolsAvailable,
} from './helpers/local-sefaz.js';
import type { TestServer } from './helpers/server.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';

// Cancellations and cartas de correção (docs/api-rules.md "Events and inutilização") against the local
// SEFAZ the API starts in-process: real HTTPS with mutual TLS, the simulator's registry in the same
// PostgreSQL (schema sefaz_simulator), so tests can count what SEFAZ registered.
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
const refs = () => ({ tenant_ref: `evento-${++counter}`, branch_ref: 'filial-1' });
// One emitter and series across tests: each branch numbers from its own range (SEFAZ would refuse
// a reused number with 539).
let range = 0;
const fresh = () => ({ nextNumber: ++range * 1000 });

const JUSTIFICATIVA = 'Pedido cancelado pelo cliente antes da entrega';
const CORRECAO = 'Correcao do endereco de entrega: Rua dos Testes, 100, fundos';
const withTools = () => sharedDir() !== undefined && xmlToolsAvailable;
const certificatePem = () => testPfx({ cnpj: EMITTER_CNPJ }).certificatePem;

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

const cancel = (
  product: Product,
  documentId: string,
  options: { key?: string; wait?: number } = {},
) =>
  call(product, 'POST', `/v1/documentos/${documentId}/cancelamento`, {
    body: { justificativa: JUSTIFICATIVA },
    key: options.key ?? newKey(),
    ...(options.wait !== undefined && { wait: options.wait }),
  });

/** A new branch with its series and certificate, and an NF-e SEFAZ authorised there. */
async function authorisedDocument(product: Product) {
  const r = refs();
  await prepareBranch(server.url, product, r, fresh());
  const res = await product.client.emit(emissionRequest(r), { wait: 30 });
  if (res.status !== 201 || res.body.status !== 'autorizada')
    throw new Error(`emission not authorised: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...res.body, refs: r };
}

/** What the local SEFAZ registered for a chave (every event, oldest first). */
async function registeredEvents(chave: string) {
  const { rows } = await server.database.pool.query<{ tipo: string; sequencia: number }>(
    'select tipo, sequencia from sefaz_simulator.evento where chave = $1 order by tipo, sequencia',
    [chave],
  );
  return rows;
}

/** How many rows each table holds: refusals must change none of them. */
async function footprint() {
  const { rows } = await server.database.pool.query<Record<string, number>>(`
    select (select count(*) from fiscal_events)::int as events,
           (select count(*) from fiscal_event_queue)::int as event_queue,
           (select count(*) from fiscal_voids)::int as voids,
           (select count(*) from fiscal_void_queue)::int as void_queue,
           (select count(*) from sefaz_simulator.evento)::int as sefaz_events,
           (select count(*) from sefaz_simulator.inutilizacao)::int as sefaz_voids`);
  return rows[0];
}

const readEvent = (product: Product, id: string) => async () =>
  (await call(product, 'GET', `/v1/eventos/${id}`)).json as { status: string } & Json;

describe('cancelamento', () => {
  it('registers the cancellation: document cancelada, procEventoNFe valid under the cancel pack with a verifying signature, nfeProc still served', async () => {
    const product = await server.newProduct();
    const document = await authorisedDocument(product);
    const key = newKey();
    const res = await cancel(product, document.id, { key, wait: 30 });
    expect(res.status).toBe(201);
    expect(res.headers.get('preference-applied')).toBe('wait=30');
    expect(res.json).toMatchObject({
      product_id: product.id,
      document_id: document.id,
      tipo: 'cancelamento',
      sequencia: 1,
      status: 'registrado',
      rejeicao_codigo: null,
      rejeicao_motivo: null,
    });
    expect(res.json.protocolo).toMatch(/^\d{15}$/);
    expect(Date.parse(res.json.registrado_em as string)).not.toBeNaN();
    const eventId = res.json.id as string;

    const read = await call(product, 'GET', `/v1/documentos/${document.id}`);
    expect(read.json.status).toBe('cancelada');
    expect(read.json.protocolo).toBe(document.protocolo);
    const xml = await call(product, 'GET', `/v1/eventos/${eventId}/xml`);
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toContain('application/xml');
    expect(xml.text).toContain('<procEventoNFe');
    expect(xml.text).toContain(`<nProt>${res.json.protocolo}</nProt>`);
    expect(xml.text).toContain(`<xJust>${JUSTIFICATIVA}</xJust>`);
    if (withTools()) {
      const schema = ['eventos', 'evento_cancelamento_110111', 'procEventoCancNFe_v1.00.xsd'];
      expect(xmllintErrors(xml.text, ...schema)).toEqual([]);
      expect(xmlsec1Verifies(xml.text, certificatePem(), 'infEvento')).toBe(true);
    }
    const nfe = await call(product, 'GET', `/v1/documentos/${document.id}/xml`);
    expect(nfe.text).toContain('<nfeProc');
    expect(nfe.text).toContain(`<nProt>${document.protocolo}</nProt>`);

    const list = await call(product, 'GET', `/v1/documentos/${document.id}/eventos`);
    expect(list.json).toEqual([(await call(product, 'GET', `/v1/eventos/${eventId}`)).json]);
    expect(await registeredEvents(document.chave_acesso)).toEqual([
      { tipo: '110111', sequencia: 1 },
    ]);
    const queued = await server.database.pool.query(
      'select 1 from fiscal_event_queue where event_id = $1',
      [eventId],
    );
    expect(queued.rows).toEqual([]);

    // The key again: the same request replays the event, other data under it is refused.
    const replay = await cancel(product, document.id, { key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json.id).toBe(eventId);
    const reused = await call(product, 'POST', `/v1/documentos/${document.id}/cancelamento`, {
      body: { justificativa: 'Outra justificativa qualquer para o cancelamento' },
      key,
    });
    expect(reused.status).toBe(422);
    expect(reused.json.detail[0]).toMatchObject({
      loc: ['header', 'idempotency-key'],
      type: 'idempotency_key_reused',
    });
    expect(await registeredEvents(document.chave_acesso)).toHaveLength(1);
  });

  it('10 concurrent cancellations of one document: one 201, nine 409 document_not_cancellable, one event at SEFAZ', async () => {
    const product = await server.newProduct();
    const document = await authorisedDocument(product);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => cancel(product, document.id)),
    );
    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.json.detail.code).toBe('document_not_cancellable');

    const event = await untilFinal(readEvent(product, created[0]!.json.id as string));
    expect(event.status).toBe('registrado');
    expect((await call(product, 'GET', `/v1/documentos/${document.id}`)).json.status).toBe(
      'cancelada',
    );
    const stored = await server.database.pool.query(
      'select count(*)::int as n from fiscal_events where document_id = $1',
      [document.id],
    );
    expect(stored.rows[0]).toEqual({ n: 1 });
    expect(await registeredEvents(document.chave_acesso)).toEqual([
      { tipo: '110111', sequencia: 1 },
    ]);
  });

  it('a lost answer to the cancellation: the next attempt consults, finds it registered, never sends it twice', async () => {
    const product = await server.newProduct();
    const document = await authorisedDocument(product);
    await admin.knobs({ dropEventoAnswers: 1 });
    const res = await product.client.cancel(document.id, JUSTIFICATIVA, { wait: 30 });
    expect(res.status).toBe(201);
    if (res.status !== 201) return;
    expect(res.body.status).toBe('registrado');
    expect(await registeredEvents(document.chave_acesso)).toEqual([
      { tipo: '110111', sequencia: 1 },
    ]);
    // The log line is written just after the commit the waiting request may see first.
    await expect
      .poll(() =>
        server.logs.some((l) => l.includes(res.body.id) && l.includes('fiscal event finished')),
      )
      .toBe(true);
    const lines = server.logs.filter((line) => line.includes(res.body.id));
    // Attempt 1 lost its answer (unknown outcome); attempt 2 consulted and found the event: a
    // resend would have been answered 573.
    expect(lines.some((l) => l.includes('"attempt":1') && l.includes('unknown'))).toBe(true);
    const finished = lines.filter((l) => l.includes('fiscal event finished'));
    expect(finished).toHaveLength(1);
    expect(finished[0]).toContain('"attempt":2');
    expect(finished[0]).toContain('"cStat":"135"');
    expect((await call(product, 'GET', `/v1/documentos/${document.id}`)).json.status).toBe(
      'cancelada',
    );
    const xml = await call(product, 'GET', `/v1/eventos/${res.body.id}/xml`);
    if (withTools())
      expect(
        xmllintErrors(
          xml.text,
          'eventos',
          'evento_cancelamento_110111',
          'procEventoCancNFe_v1.00.xsd',
        ),
      ).toEqual([]);
  });
});

describe('carta de correção', () => {
  it('25 concurrent CC-e: sequences 1–20 once each, five 409 correction_limit_reached; procEventoNFe valid under the CC-e pack', async () => {
    const product = await server.newProduct();
    const document = await authorisedDocument(product);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        call(product, 'POST', `/v1/documentos/${document.id}/cartas-correcao`, {
          body: { correcao: `${CORRECAO} (${i + 1})` },
          key: newKey(),
        }),
      ),
    );
    const created = answers.filter((a) => a.status === 201).map((a) => a.json);
    expect(created.map((e) => e.sequencia as number).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.json.detail.code).toBe('correction_limit_reached');

    const finals = await Promise.all(
      created.map((e) => untilFinal(readEvent(product, e.id as string))),
    );
    expect(finals.map((e) => e.status)).toEqual(Array(20).fill('registrado'));
    expect(await registeredEvents(document.chave_acesso)).toEqual(
      Array.from({ length: 20 }, (_, i) => ({ tipo: '110110', sequencia: i + 1 })),
    );
    const list = await call(product, 'GET', `/v1/documentos/${document.id}/eventos`);
    expect(list.json).toHaveLength(20);
    expect((await call(product, 'GET', `/v1/documentos/${document.id}`)).json.status).toBe(
      'autorizada',
    );

    const xml = await call(product, 'GET', `/v1/eventos/${created[0]!.id}/xml`);
    expect(xml.text).toContain('<xCondUso>A Carta de Correcao e disciplinada');
    if (withTools()) {
      expect(
        xmllintErrors(xml.text, 'eventos', 'evento_cce_110110', 'procCCeNFe_v1.00.xsd'),
      ).toEqual([]);
      expect(xmlsec1Verifies(xml.text, certificatePem(), 'infEvento')).toBe(true);
    }

    // The 21st, later and through the SDK: still refused, nothing stored.
    const before = await footprint();
    const again = await product.client.correct(document.id, CORRECAO);
    expect(again.status).toBe(409);
    expect(await footprint()).toEqual(before);
  });
});

describe('refusals store nothing and send nothing', () => {
  it('answers 409, 422, 404 and 401 before anything is stored or sent', async () => {
    const product = await server.newProduct();
    const other = await server.newProduct();
    const cancelled = await authorisedDocument(product);
    expect((await cancel(product, cancelled.id, { wait: 30 })).json.status).toBe('registrado');
    const late = await authorisedDocument(product);
    await server.database.pool.query(
      `update documents set autorizada_em = now() - interval '25 hours' where id = $1`,
      [late.id],
    );
    const fresh = await authorisedDocument(product);
    const before = await footprint();
    const events = (id: string) => `/v1/documentos/${id}`;
    const cases: [string, () => ReturnType<typeof call>, number, string][] = [
      [
        'cancel a cancelada document',
        () => cancel(product, cancelled.id),
        409,
        'document_not_cancellable',
      ],
      [
        'CC-e of a cancelada document',
        () =>
          call(product, 'POST', `${events(cancelled.id)}/cartas-correcao`, {
            body: { correcao: CORRECAO },
            key: newKey(),
          }),
        409,
        'document_not_correctable',
      ],
      ['cancel after 24 h', () => cancel(product, late.id), 409, 'cancellation_deadline_passed'],
      ["another product's document", () => cancel(other, fresh.id), 404, 'document_not_found'],
      [
        'an unknown document',
        () => cancel(product, '00000000-0000-4000-8000-000000000000'),
        404,
        'document_not_found',
      ],
      ['no API key', () => cancel({ apiKey: '' } as Product, fresh.id), 401, 'unauthorized'],
    ];
    for (const [name, send, status, code] of cases) {
      const res = await send();
      expect(res.status, name).toBe(status);
      expect(res.json.detail.code, name).toBe(code);
    }
    const invalid: [string, unknown, Record<string, unknown> | undefined, string, unknown[]][] = [
      [
        'short',
        { justificativa: 'curta demais' },
        {},
        'string_too_short',
        ['body', 'justificativa'],
      ],
      [
        'long',
        { justificativa: 'x'.repeat(256) },
        {},
        'string_too_long',
        ['body', 'justificativa'],
      ],
      [
        'line break',
        { justificativa: 'Linha um do texto\nlinha dois do texto' },
        {},
        'string_pattern_mismatch',
        ['body', 'justificativa'],
      ],
      [
        'outside Latin-1',
        { justificativa: 'Cancelamento pedido pelo cliente ✓' },
        {},
        'string_pattern_mismatch',
        ['body', 'justificativa'],
      ],
      [
        'no key',
        { justificativa: JUSTIFICATIVA },
        undefined,
        'missing',
        ['header', 'idempotency-key'],
      ],
    ];
    for (const [name, body, keyed, type, loc] of invalid) {
      const res = await call(product, 'POST', `${events(fresh.id)}/cancelamento`, {
        body,
        ...(keyed && { key: newKey() }),
      });
      expect(res.status, name).toBe(422);
      expect(res.json.detail, name).toContainEqual(expect.objectContaining({ type, loc }));
    }
    const shortCorrection = await call(product, 'POST', `${events(fresh.id)}/cartas-correcao`, {
      body: { correcao: 'curta demais' },
      key: newKey(),
    });
    expect(shortCorrection.status).toBe(422);

    // Reads across products: 404, never another product's record.
    const eventId = (await call(product, 'GET', `${events(cancelled.id)}/eventos`)).json[0]
      .id as string;
    for (const path of [
      `/v1/eventos/${eventId}`,
      `/v1/eventos/${eventId}/xml`,
      `${events(cancelled.id)}/eventos`,
    ]) {
      const res = await call(other, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain(cancelled.chave_acesso);
    }
    expect((await call(undefined, 'GET', `/v1/eventos/${eventId}`)).status).toBe(401);

    expect(await footprint()).toEqual(before);
    expect((await call(product, 'GET', `/v1/documentos/${late.id}`)).json.status).toBe(
      'autorizada',
    );
  });
});
