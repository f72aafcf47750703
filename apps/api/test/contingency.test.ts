import { HAVE_PDF_TOOLS, pagesText, sharedDir } from '@emissor/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testPfx } from './helpers/certificates.js';
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
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';

// SVC contingency offline (docs/contingency.md): the local SEFAZ plays SEFAZ-SP down (108, or no
// answer at all) with SVC-AN switched on, and the API issues SP's NF-e there, then goes back.
// One server, the tests in order: each leaves SP in normal mode.
let server: SimulatorServer;
beforeAll(async () => {
  server = await startSimulatorServer({
    env: { SEFAZ_TIMEOUT_MS: '3000', SEFAZ_CONTINGENCY_AFTER_S: '1' },
  });
});
afterAll(async () => {
  await server.admin.knobs({ outage: null });
  await server.close();
});

type Product = Awaited<ReturnType<SimulatorServer['newProduct']>>;
let counter = 0;
let range = 0;
async function branch() {
  const product = await server.newProduct();
  const r = { tenant_ref: `loja-svc-${++counter}`, branch_ref: 'filial-1' };
  await prepareBranch(server.url, product, r, { nextNumber: ++range * 1000 });
  return { product, r };
}

const read = (product: Product, id: string) => async () => {
  const res = await product.client.documents.getDocument({ params: { document_id: id } });
  if (res.status !== 200) throw new Error(`read failed: ${res.status}`);
  return res.body;
};

async function get(product: Product, path: string) {
  const res = await fetch(`${server.url}${path}`, { headers: { 'x-api-key': product.apiKey } });
  return res;
}

async function modeOfSp(product: Product, r: { tenant_ref: string; branch_ref: string }) {
  const res = await get(
    product,
    `/v1/sefaz/status?tenant_ref=${r.tenant_ref}&branch_ref=${r.branch_ref}&uf=SP&ambiente=homologacao`,
  );
  const body = (await res.json()) as { modo?: string; modo_desde?: string; message?: string };
  return { status: res.status, ...body };
}

async function periodsOfSp() {
  return server.database.db
    .selectFrom('sefaz_contingencies')
    .selectAll()
    .where('uf', '=', 'SP')
    .orderBy('id')
    .execute();
}

describe('SVC contingency', () => {
  it('authoriser down (108) → SP switches to SVC-AN: documents waiting are re-issued there, new ones issued there; back to normal at 107', async () => {
    const { product, r } = await branch();
    const before = (await periodsOfSp()).length;
    await server.admin.knobs({ outage: { cStat: '108', ufs: ['SP'], svc: true } });
    let waiting, direct;
    try {
      // Issued normally (SP in normal mode), refused with 108: never reached the authoriser, so
      // it is re-issued in SVC under its number with a new chave.
      waiting = await emitDocument(product.client, emissionRequest(r));
      expect(waiting.chave_acesso.charAt(34)).toBe('1');
      const first = await untilFinal(read(product, waiting.id));
      expect(first).toMatchObject({ status: 'autorizada', numero: waiting.numero, tp_emis: '6' });
      expect(first.chave_acesso.charAt(34)).toBe('6');
      expect(first.chave_acesso.slice(0, 34)).toBe(waiting.chave_acesso.slice(0, 34));

      const periods = await periodsOfSp();
      expect(periods).toHaveLength(before + 1);
      expect(periods.at(-1)).toMatchObject({ tp_emis: '6', ended_at: null });
      expect(await modeOfSp(product, r)).toMatchObject({ status: 200, modo: 'svc-an' });

      // Issued while SP is in SVC: tpEmis 6 from the start.
      direct = await emitDocument(product.client, emissionRequest(r));
      expect(direct.chave_acesso.charAt(34)).toBe('6');
      expect(direct.tp_emis).toBe('6');
      expect((await untilFinal(read(product, direct.id))).status).toBe('autorizada');

      const xml = await (await get(product, `/v1/documentos/${direct.id}/xml`)).text();
      expect(xml).toContain('<tpEmis>6</tpEmis>');
      expect(xml).toMatch(/<\/verProc><dhCont>[^<]+<\/dhCont><xJust>[^<]{15,256}<\/xJust>/);
      const reissuedXml = await (await get(product, `/v1/documentos/${waiting.id}/xml`)).text();
      expect(reissuedXml).toContain(`<infNFe Id="NFe${first.chave_acesso}"`);
      if (sharedDir() && xmlToolsAvailable) {
        const pem = testPfx({ cnpj: EMITTER_CNPJ }).certificatePem;
        for (const proc of [xml, reissuedXml]) {
          expect(xmllintErrors(proc, 'PL_009_V4', 'procNFe_v4.00.xsd')).toEqual([]);
          expect(xmlsec1VerifiesNfe(proc, pem)).toBe(true);
        }
      }
      if (HAVE_PDF_TOOLS) {
        const res = await get(product, `/v1/documentos/${direct.id}/danfe`);
        const text = pagesText(new Uint8Array(await res.arrayBuffer())).join('\n');
        expect(text).toMatch(/CONTING[ÊE]NCIA[\s\S]*SVC-AN/);
      }

      // A cancellation of an SVC NF-e goes to the SVC, which registers it.
      const cancelled = await fetch(`${server.url}/v1/documentos/${direct.id}/cancelamento`, {
        method: 'POST',
        headers: {
          'x-api-key': product.apiKey,
          'content-type': 'application/json',
          'idempotency-key': newKey(),
          prefer: 'wait=10',
        },
        body: JSON.stringify({ justificativa: 'Pedido cancelado pelo cliente antes da entrega' }),
      });
      expect(cancelled.status).toBeLessThan(300);
      expect(((await cancelled.json()) as { status: string }).status).toBe('registrado');
    } finally {
      await server.admin.knobs({ outage: null });
    }

    // The authoriser answers 107 again: the period closes and new NF-e are normal.
    await expect
      .poll(async () => (await periodsOfSp()).at(-1)?.ended_at, { timeout: 15_000 })
      .not.toBeNull();
    expect(await modeOfSp(product, r)).toMatchObject({ status: 200, modo: 'normal' });
    const after = await emitDocument(product.client, emissionRequest(r));
    expect(after.tp_emis).toBe('1');
    expect(await untilFinal(read(product, after.id))).toMatchObject({
      status: 'autorizada',
      tp_emis: '1',
    });
  });

  it('no answer from the authoriser: after SEFAZ_CONTINGENCY_AFTER_S new NF-e go to SVC, and one sent with an unknown outcome waits for the authoriser, never re-issued', async () => {
    const { product, r } = await branch();
    await server.admin.knobs({ outage: { noAnswer: true, ufs: ['SP'], svc: true } });
    let lost, later;
    try {
      // Its send is cut without an answer: it may have arrived, so it is consulted, never re-issued.
      lost = await emitDocument(product.client, emissionRequest(r));
      await expect
        .poll(async () => (await periodsOfSp()).at(-1)?.ended_at, { timeout: 15_000 })
        .toBeNull();
      later = await emitDocument(product.client, emissionRequest(r));
      expect(later.tp_emis).toBe('6');
      expect((await untilFinal(read(product, later.id))).status).toBe('autorizada');
      const meanwhile = await read(product, lost.id)();
      expect(meanwhile).toMatchObject({ status: 'processando', chave_acesso: lost.chave_acesso });
    } finally {
      await server.admin.knobs({ outage: null });
    }
    // The authoriser answers again: the lost one is consulted there (never received) and sent
    // under its first chave, tpEmis 1.
    const settled = await untilFinal(read(product, lost.id));
    expect(settled).toMatchObject({
      status: 'autorizada',
      chave_acesso: lost.chave_acesso,
      tp_emis: '1',
    });
    await expect
      .poll(async () => (await periodsOfSp()).at(-1)?.ended_at, { timeout: 15_000 })
      .not.toBeNull();
  });

  it('an outage whose SVC SEFAZ did not switch on (114) leaves documents waiting for the authoriser', async () => {
    const { product, r } = await branch();
    const before = (await periodsOfSp()).length;
    await server.admin.knobs({ outage: { cStat: '109', ufs: ['SP'] } });
    let emitted;
    try {
      emitted = await emitDocument(product.client, emissionRequest(r));
      await expect
        .poll(
          async () =>
            (
              await server.database.db
                .selectFrom('transmission_queue')
                .select('last_cstat')
                .where('document_id', '=', emitted!.id)
                .executeTakeFirst()
            )?.last_cstat,
        )
        .toBe('109');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await periodsOfSp()).toHaveLength(before);
      expect((await read(product, emitted.id)()).status).toBe('processando');
    } finally {
      await server.admin.knobs({ outage: null });
    }
    expect(await untilFinal(read(product, emitted.id))).toMatchObject({
      status: 'autorizada',
      tp_emis: '1',
    });
  });
});
