import { sharedDir } from '@emissor/test-support';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { postCertificate, testPfx } from './helpers/certificates.js';
import {
  emissionRequest,
  emitDocument,
  EMITTER_CNPJ,
  newKey,
  prepareBranch,
} from './helpers/emission.js';
import {
  untilFinal,
  xmllintErrors,
  xmlsec1VerifiesNfe,
  xmlToolsAvailable,
} from './helpers/local-sefaz.js';
import type { TestServer } from './helpers/server.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';

// Transmission on, against the local SEFAZ the API starts in-process (SEFAZ=simulator): real
// HTTPS, mutual TLS with each branch's certificate, the simulator's state in PostgreSQL.
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
let counter = 0;
const refs = () => ({ tenant_ref: `loja-${++counter}`, branch_ref: 'filial-1' });
// One emitter CNPJ and series across tests: SEFAZ would refuse a reused number (539), so each
// branch numbers from its own range.
let range = 0;
const fresh = () => ({ nextNumber: ++range * 1000 });

const read = (product: Product, id: string) => async () => {
  const res = await product.client.documents.getDocument({ params: { document_id: id } });
  if (res.status !== 200) throw new Error(`read failed: ${res.status}`);
  return res.body;
};

async function xmlOf(product: Product, id: string) {
  const res = await fetch(`${server.url}/v1/documentos/${id}/xml`, {
    headers: { 'x-api-key': product.apiKey },
  });
  return res.text();
}

/** The queue row of a document, if it is still in transmission. */
async function queueRow(documentId: string) {
  return server.database.db
    .selectFrom('transmission_queue')
    .selectAll()
    .where('document_id', '=', documentId)
    .executeTakeFirst();
}

describe('transmission to the local SEFAZ', () => {
  it('stores the document processando and queued in one commit, then authorises it with nfeProc', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, fresh());
    const emitted = await emitDocument(product.client, emissionRequest(r));
    expect(emitted.status).toBe('processando');

    const done = await untilFinal(read(product, emitted.id));
    expect(done.status).toBe('autorizada');
    expect(done.protocolo).toMatch(/^1\d{14}$/);
    expect(done.autorizada_em).not.toBeNull();
    expect(await queueRow(emitted.id)).toBeUndefined();

    const xml = await xmlOf(product, emitted.id);
    expect(xml).toContain('<nfeProc');
    expect(xml).toContain(`<nProt>${done.protocolo}</nProt>`);
    // Stored once: the protocol row keeps the protNFe, the nfeProc is put together on read.
    const stored = await server.database.db
      .selectFrom('document_protocols')
      .select(['prot_nfe', 'nfe_proc'])
      .where('document_id', '=', emitted.id)
      .executeTakeFirstOrThrow();
    expect(stored.nfe_proc).toBeNull();
    expect(xml).toContain(stored.prot_nfe);
    if (sharedDir() && xmlToolsAvailable) {
      expect(xmllintErrors(xml, 'PL_009_V4', 'procNFe_v4.00.xsd')).toEqual([]);
      expect(xmlsec1VerifiesNfe(xml, testPfx({ cnpj: EMITTER_CNPJ }).certificatePem)).toBe(true);
    }
  });

  it('retries through a 108 window and stores a forced rejection as rejeitada with code and message', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, fresh());
    await admin.knobs({ outage: { cStat: '108' } });
    let emitted;
    try {
      emitted = await emitDocument(product.client, emissionRequest(r));
      // Held back by the outage: attempts are recorded and rescheduled, the document waits.
      await expect.poll(async () => (await queueRow(emitted!.id))?.last_cstat).toBe('108');
      expect((await read(product, emitted.id)()).status).toBe('processando');
      await admin.forceOutcome(emitted.chave_acesso, {
        action: 'reject',
        cStat: '778',
        xMotivo: 'Rejeição: Informado NCM inexistente',
      });
    } finally {
      await admin.knobs({ outage: null });
    }
    const done = await untilFinal(read(product, emitted.id));
    expect(done).toMatchObject({
      status: 'rejeitada',
      rejeicao_codigo: '778',
      rejeicao_motivo: 'Rejeição: Informado NCM inexistente',
      protocolo: null,
    });
    expect(await xmlOf(product, emitted.id)).not.toContain('<nfeProc');
  });

  it('stores a denial as denegada with its protocol and nfeProc', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, fresh());
    await admin.knobs({ outage: { cStat: '109' } });
    let emitted;
    try {
      emitted = await emitDocument(product.client, emissionRequest(r));
      await expect.poll(async () => (await queueRow(emitted!.id))?.last_cstat).toBe('109');
      await admin.forceOutcome(emitted.chave_acesso, { action: 'deny', cStat: '302' });
    } finally {
      await admin.knobs({ outage: null });
    }
    const done = await untilFinal(read(product, emitted.id));
    expect(done.status).toBe('denegada');
    expect(done.protocolo).toMatch(/^1\d{14}$/);
    expect(await xmlOf(product, emitted.id)).toContain('<cStat>302</cStat>');
  });

  it('a dropped answer after SEFAZ authorised is found by consultation: one authorisation, never resent', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, fresh());
    await admin.knobs({ dropAnswers: 1 });
    const emitted = await emitDocument(product.client, emissionRequest(r));
    const done = await untilFinal(read(product, emitted.id));
    expect(done.status).toBe('autorizada');
    const chaveLines = () => server.logs.filter((line) => line.includes(emitted.chave_acesso));
    await expect
      .poll(() => chaveLines().filter((l) => l.includes('transmission finished')).length)
      .toBe(1);
    const lines = chaveLines();
    // Attempt 1 lost its answer (unknown outcome); attempt 2 consulted and found the protocol.
    expect(lines.some((line) => line.includes('"attempt":1') && line.includes('unknown'))).toBe(
      true,
    );
    const finished = lines.filter((line) => line.includes('transmission finished'));
    expect(finished).toHaveLength(1);
    expect(finished[0]).toContain('"attempt":2');
    // A resend would have met 204 (duplicate); the consultation answered 100 with the protocol.
    expect(finished[0]).toContain('"cStat":"100"');
  });

  it('539 (the number is taken by another chave) is consulted; nothing under our chave → rejeitada 539', async () => {
    const product = await server.newProduct();
    // Two branches of one emitter numbering the same series from the same number: the second
    // document reaches SEFAZ with a number it already holds under the first one's chave.
    const first = refs();
    const second = refs();
    const numbers = fresh();
    await prepareBranch(server.url, product, first, numbers);
    await prepareBranch(server.url, product, second, numbers);
    const taken = await emitDocument(product.client, emissionRequest(first));
    expect((await untilFinal(read(product, taken.id))).status).toBe('autorizada');

    const clash = await emitDocument(product.client, emissionRequest(second));
    expect(clash.numero).toBe(taken.numero);
    expect(clash.chave_acesso).not.toBe(taken.chave_acesso);
    const done = await untilFinal(read(product, clash.id));
    expect(done).toMatchObject({ status: 'rejeitada', rejeicao_codigo: '539', protocolo: null });

    const lines = () => server.logs.filter((line) => line.includes(clash.chave_acesso));
    await expect
      .poll(() => lines().filter((l) => l.includes('transmission finished')).length)
      .toBe(1);
    // Attempt 1 met 539 (an unknown outcome, not yet a verdict); attempt 2 consulted our chave,
    // found nothing (217) and only then made it final. Without that rule it would be resent forever.
    const retried = lines().filter((l) => l.includes('transmission retried'));
    expect(retried[0]).toContain('"attempt":1');
    expect(retried[0]).toContain('539');
    const finished = lines().find((l) => l.includes('transmission finished'));
    expect(finished).toContain('"attempt":2');
    expect(finished).toContain('"cStat":"539"');
  });

  it('two tenants with different certificates, interleaved: every send used its own certificate', async () => {
    const product = await server.newProduct();
    const other = { cnpj: '11222333000181', razao: 'OUTRA EMPRESA LTDA' };
    const a = refs();
    const b = refs();
    await prepareBranch(server.url, product, a, fresh());
    const series = await product.client.series.createSeries({
      body: { ...b, serie: 1, next_number: 1 },
    });
    expect(series.status).toBe(201);
    const pfx = testPfx({ cnpj: other.cnpj });
    const cert = await postCertificate(server.url, product.apiKey, b, {
      cnpj: other.cnpj,
      password: pfx.password,
      file: pfx.pfx,
    });
    expect(cert.status).toBe(201);
    const bodyB = emissionRequest(b);
    bodyB.emitente = { ...bodyB.emitente, cnpj: other.cnpj, razao_social: other.razao };

    const emitted = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        emitDocument(product.client, i % 2 ? bodyB : emissionRequest(a)),
      ),
    );
    const finals = await Promise.all(emitted.map((d) => untilFinal(read(product, d.id))));
    // The simulator refuses with 213 a note whose emitter differs from the TLS certificate's CNPJ.
    expect(finals.map((d) => d.status)).toEqual(Array(8).fill('autorizada'));
  });

  it('Prefer: wait=N answers POST /v1/emissoes and GET /v1/documentos/{id} once the status is final', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, fresh());
    const res = await fetch(`${server.url}/v1/emissoes`, {
      method: 'POST',
      headers: {
        'x-api-key': product.apiKey,
        'content-type': 'application/json',
        'idempotency-key': newKey(),
        prefer: 'wait=10',
      },
      body: JSON.stringify(emissionRequest(r)),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('preference-applied')).toBe('wait=10');
    const body = (await res.json()) as { id: string; status: string; protocolo: string | null };
    expect(body.status).toBe('autorizada');
    expect(body.protocolo).toMatch(/^1\d{14}$/);

    // Held by an outage, GET waits its N seconds and answers processando; when the window ends, a
    // waiting GET is woken by the final status stored (LISTEN/NOTIFY), not by its deadline.
    await admin.knobs({ outage: { cStat: '108' } });
    let held;
    try {
      held = await emitDocument(product.client, emissionRequest(r));
      const get = (wait: number) =>
        fetch(`${server.url}/v1/documentos/${held!.id}`, {
          headers: { 'x-api-key': product.apiKey, prefer: `wait=${wait}` },
        });
      const still = await get(1);
      expect(still.status).toBe(200);
      expect(still.headers.get('preference-applied')).toBe('wait=1');
      expect(((await still.json()) as { status: string }).status).toBe('processando');
      const waiting = get(60);
      await admin.knobs({ outage: null });
      const woken = await waiting;
      expect(((await woken.json()) as { status: string }).status).toBe('autorizada');
    } finally {
      await admin.knobs({ outage: null });
    }
    // A wait outside 1–60 is ignored (RFC 7240): answered at once, no Preference-Applied.
    const ignored = await fetch(`${server.url}/v1/documentos/${held.id}`, {
      headers: { 'x-api-key': product.apiKey, prefer: 'wait=600' },
    });
    expect(ignored.headers.get('preference-applied')).toBeNull();
  });

  it('the SDK: emit(req, { wait }) answers autorizada; documents.waitUntilFinal(id) returns the final record', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, fresh());
    const waited = await product.client.emit(emissionRequest(r), { wait: 10 });
    expect(waited.status).toBe(201);
    if (waited.status !== 201) return;
    expect(waited.body.status).toBe('autorizada');
    expect(waited.headers.get('preference-applied')).toBe('wait=10');

    const emitted = await emitDocument(product.client, emissionRequest(r));
    const final = await product.client.documents.waitUntilFinal(emitted.id, { timeoutMs: 30_000 });
    expect(final).toMatchObject({ id: emitted.id, status: 'autorizada' });
    expect(final.protocolo).toMatch(/^1\d{14}$/);
  });
  it('sets aside a document whose stored XML cannot be read; the documents claimed with it still leave', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, fresh());
    await admin.knobs({ outage: { cStat: '108' } });
    let damaged;
    let other;
    try {
      damaged = await emitDocument(product.client, emissionRequest(r));
      await expect.poll(async () => (await queueRow(damaged!.id))?.last_cstat).toBe('108');
      // One byte of the stored form changed: zlib's checksum refuses it.
      await sql`update document_xml set packed = set_byte(packed, 20, get_byte(packed, 20) # 255)
                where document_id = ${damaged.id}`.execute(server.database.db);
      other = await emitDocument(product.client, emissionRequest(r));
    } finally {
      await admin.knobs({ outage: null });
    }
    // Same branch, same lot key: without the setting aside, every claim holding the damaged row
    // failed and took this one down with it.
    expect((await untilFinal(read(product, other.id), 15_000)).status).toBe('autorizada');

    await expect
      .poll(async () => (await queueRow(damaged.id))?.last_error, { timeout: 10_000 })
      .toMatch(/^the stored XML cannot be read/);
    const row = await queueRow(damaged.id);
    // Never sent: it stays a document to send, an hour from now, rather than one to consult.
    expect(row?.sent).toBe(false);
    expect(row!.available_at.getTime() - Date.now()).toBeGreaterThan(50 * 60_000);
    expect((await read(product, damaged.id)()).status).toBe('processando');
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from sefaz_simulator.nfe where chave = ${damaged.chave_acesso}`.execute(
      server.database.db,
    );
    expect(rows[0]?.n).toBe(0);
    expect(
      server.logs.some(
        (line) =>
          line.includes('the stored XML cannot be read') && line.includes(damaged.chave_acesso),
      ),
    ).toBe(true);
  });
});
