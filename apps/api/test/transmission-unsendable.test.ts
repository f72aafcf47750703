import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { storedXmlText } from '../src/storage/stored-xml.js';
import { emissionRequest, emitDocument, prepareBranch } from './helpers/emission.js';
import { untilFinal } from './helpers/local-sefaz.js';
import type { TestServer } from './helpers/server.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';
import { storedXmlRow } from './helpers/stored-xml.js';

// A failure that repeats identically is not retried for ever. The stored document here can never
// travel (its enviNFe would pass SEFAZ's 500 KB): the API refuses such a document up front, so the
// test makes one by growing a stored NF-e in the database. Real server, real local SEFAZ.
let server: SimulatorServer;
let admin: SimulatorServer['admin'];
beforeAll(async () => {
  server = await startSimulatorServer({
    env: {
      METRICS_ENABLED: 'true',
    },
  });
  admin = server.admin;
});
afterAll(() => server.close());

type Product = Awaited<ReturnType<TestServer['newProduct']>>;
type Refs = { tenant_ref: string; branch_ref: string };
let counter = 0;
const refs = (): Refs => ({ tenant_ref: `loja-${++counter}`, branch_ref: 'filial-1' });

const query = async <T>(sql: string, values: unknown[] = []) =>
  (await server.database.pool.query(sql, values)).rows as T[];

const read = (product: Product, id: string) => async () => {
  const res = await product.client.documents.getDocument({ params: { document_id: id } });
  if (res.status !== 200) throw new Error(`read failed: ${res.status}`);
  return res.body;
};

/** Replaces the stored NF-e by one 600 KB larger: no enviNFe can carry it. */
async function growStoredXml(documentId: string) {
  const xml = storedXmlText(await storedXmlRow(server.database.db, documentId));
  const grown = xml.replace('</NFe>', `<!--${'x'.repeat(600 * 1024)}--></NFe>`);
  await query(
    `update document_xml set xml = $2, packed = null, packing = null, packing_certificate_id = null
     where document_id = $1`,
    [documentId, grown],
  );
}

/**
 * Documents kept in the queue by an outage (108), so the test can change them before they reach
 * SEFAZ; `prepare` runs while they wait, then the outage ends and the rows are due at once.
 */
async function documentsAfterOutage(
  product: Product,
  r: Refs,
  count: number,
  prepare: (ids: string[]) => Promise<void>,
) {
  await admin.knobs({ outage: { cStat: '108' } });
  try {
    const documents = [];
    for (let i = 0; i < count; i++)
      documents.push(await emitDocument(product.client, emissionRequest(r)));
    const ids = documents.map((d) => d.id);
    await expect
      .poll(
        async () =>
          (
            await query<{ n: number }>(
              `select count(*)::int as n from transmission_queue
               where document_id = any($1) and last_cstat = '108'`,
              [ids],
            )
          )[0]?.n,
      )
      .toBe(count);
    await prepare(ids);
    return documents;
  } finally {
    await admin.knobs({ outage: null });
    await query('update transmission_queue set available_at = now()');
  }
}

async function documentAfterOutage(
  product: Product,
  r: Refs,
  prepare: (id: string) => Promise<void>,
) {
  const [document] = await documentsAfterOutage(product, r, 1, ([id]) => prepare(id as string));
  if (!document) throw new Error('no document');
  return document;
}

/** The log lines the server wrote about one chave with the given message. */
const logsAbout = (chave: string, msg: string) =>
  server.logs
    .map((line) => JSON.parse(line) as { chave?: string; msg?: string })
    .filter((line) => line.chave === chave && line.msg === msg);

/** Calls this server made to a SEFAZ service, by the cStat answered (its metrics). */
async function calls(service: string) {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const byCStat: Record<string, number> = {};
  const pattern = new RegExp(
    `^emissor_sefaz_calls_total\\{service="${service}",cstat="(\\w+)"\\} (\\d+)$`,
    'gm',
  );
  for (const [, cStat, n] of text.matchAll(pattern)) byCStat[cStat as string] = Number(n);
  return byCStat;
}

/** NFeAutorizacao4 calls SEFAZ answered with something else than the outage's 108. */
async function sendsAnswered() {
  const { '108': _outage, ...answered } = await calls('NFeAutorizacao4');
  return answered;
}

async function expectVoided(product: Product, r: Refs, numero: number) {
  await expect
    .poll(
      async () => {
        const res = await product.client.voids.listInutilizacoes({ query: r });
        if (res.status !== 200) throw new Error(`list failed: ${res.status}`);
        return res.body.map((v) => ({
          origem: v.origem,
          status: v.status,
          numero_inicial: v.numero_inicial,
          numero_final: v.numero_final,
        }));
      },
      { timeout: 15_000 },
    )
    .toEqual([
      { origem: 'rejeicao', status: 'homologada', numero_inicial: numero, numero_final: numero },
    ]);
}

describe('a document whose lot can never be built', () => {
  it('never sent: after 5 identical failures it is rejeitada (EMISSOR) and its number voided', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, { nextNumber: 10 });
    const sentBefore = await sendsAnswered();
    const document = await documentAfterOutage(product, r, growStoredXml);

    const final = await untilFinal(read(product, document.id), 20_000);
    expect(final).toMatchObject({
      status: 'rejeitada',
      rejeicao_codigo: 'EMISSOR',
      protocolo: null,
    });
    expect(final.rejeicao_motivo).toMatch(/not sent to SEFAZ/i);
    expect(final.rejeicao_motivo).toMatch(/5 identical failures/);
    expect(final.rejeicao_motivo).toMatch(/[\d,]+ bytes/);
    expect(final.rejeicao_motivo).toMatch(/500 KB/);
    // SEFAZ never got it, so its number is voided like that of any rejected NF-e.
    await expectVoided(product, r, 10);
    expect(
      await query('select 1 from sefaz_simulator.nfe where chave = $1', [document.chave_acesso]),
    ).toEqual([]);
    // Four tries logged as retried (no stack trace), the fifth settles it.
    expect(logsAbout(document.chave_acesso, 'transmission retried').length).toBeGreaterThanOrEqual(
      4,
    );
    expect(
      logsAbout(document.chave_acesso, 'transmission retried').filter((l) =>
        /bytes/.test(JSON.stringify(l)),
      ),
    ).toHaveLength(4);
    expect(logsAbout(document.chave_acesso, 'transmission attempt failed')).toEqual([]);
    // Only the outage's 108s: the grown document itself never went out.
    expect(await sendsAnswered()).toEqual(sentBefore);
  });

  it('in a lot with others: they are authorised without it, it alone is given up', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, { nextNumber: 40 });
    const documents = await documentsAfterOutage(product, r, 3, async ([, id]) => {
      // Not an NFe any more: no enviNFe takes it, alone or with others.
      const xml = storedXmlText(await storedXmlRow(server.database.db, id as string));
      await query(
        `update document_xml set xml = $2, packed = null, packing = null,
           packing_certificate_id = null
         where document_id = $1`,
        [id, `<nfeProc>${xml}</nfeProc>`],
      );
    });

    const finals = await Promise.all(documents.map((d) => untilFinal(read(product, d.id), 20_000)));
    expect(finals.map((d) => [d.numero, d.status, d.rejeicao_codigo])).toEqual([
      [40, 'autorizada', null],
      [41, 'rejeitada', 'EMISSOR'],
      [42, 'autorizada', null],
    ]);
    expect(finals[1]?.rejeicao_motivo).toMatch(/expected an <NFe> document/);
    // The others were sent at once without it, not held back in its lot until it was given up.
    for (const d of [documents[0], documents[2]])
      expect(JSON.stringify(logsAbout(d?.chave_acesso ?? '', 'transmission retried'))).not.toMatch(
        /the lot was not built/,
      );
    await expectVoided(product, r, 41);
  });

  it('maybe sent, and SEFAZ says it never got it: consulted each time, then given up and voided', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, { nextNumber: 20 });
    const sentBefore = await sendsAnswered();
    const notFoundBefore = (await calls('NFeConsultaProtocolo4'))['217'] ?? 0;
    const document = await documentAfterOutage(product, r, async (id) => {
      await growStoredXml(id);
      // As after a send whose answer was lost: whoever claims it consults SEFAZ first.
      await query('update transmission_queue set sent = true where document_id = $1', [id]);
    });

    const final = await untilFinal(read(product, document.id), 20_000);
    expect(final).toMatchObject({ status: 'rejeitada', rejeicao_codigo: 'EMISSOR' });
    // Every try asked SEFAZ first (217: not there); only then did the document fail locally.
    expect((await calls('NFeConsultaProtocolo4'))['217']).toBe(notFoundBefore + 5);
    expect(await sendsAnswered()).toEqual(sentBefore);
    await expectVoided(product, r, 20);
  });

  it('maybe sent, and SEFAZ holds it: settled by the consultation, never given up', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, { nextNumber: 30 });
    const document = await emitDocument(product.client, emissionRequest(r));
    const authorised = await untilFinal(read(product, document.id));
    expect(authorised.status).toBe('autorizada');

    // Back to "sent, outcome unknown" (a lost answer), with a document that can no longer travel.
    await query(
      `update documents set status = 'processando', protocolo = null, autorizada_em = null
       where id = $1`,
      [document.id],
    );
    await query('delete from document_protocols where document_id = $1', [document.id]);
    await growStoredXml(document.id);
    await query(
      'insert into transmission_queue (document_id, attempts, sent) values ($1, 1, true)',
      [document.id],
    );

    const final = await untilFinal(read(product, document.id), 20_000);
    expect(final).toMatchObject({ status: 'autorizada', protocolo: authorised.protocolo });
    const voids = await product.client.voids.listInutilizacoes({ query: r });
    expect(voids).toMatchObject({ status: 200, body: [] });
  });
});
