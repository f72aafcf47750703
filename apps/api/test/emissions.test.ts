import {
  referenceVerifyNfe,
  sharedDir,
  simplesNacionalItem,
  simplesNacionalRequest,
  validateNfeXml,
} from '@emissor/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { postCertificate, testPfx } from './helpers/certificates.js';
import { emissionRequest, EMITTER_CNPJ, newKey, prepareBranch } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let counter = 0;
const refs = () => ({ tenant_ref: `loja-${++counter}`, branch_ref: 'filial-1' });

async function seriesCounter(
  product: { client: TestServerProduct['client'] },
  r: { tenant_ref: string; branch_ref: string },
) {
  const list = await product.client.series.listSeries({ query: r });
  if (list.status !== 200) throw new Error('list failed');
  return list.body.map((s) => ({ serie: s.serie, next_number: s.next_number }));
}
type TestServerProduct = Awaited<ReturnType<TestServer['newProduct']>>;

async function documentCount(productId: string) {
  const row = await server.database.db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function emitRaw(apiKey: string, body: unknown, key: string | undefined) {
  const res = await fetch(`${server.url}/v1/emissoes`, {
    method: 'POST',
    headers: {
      'x-api-key': apiKey,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

describe('POST /v1/emissoes', () => {
  it('emits a signed, schema-valid NF-e and advances the series', async () => {
    const product = await server.newProduct();
    const r = refs();
    const { seriesId } = await prepareBranch(server.url, product, r, { nextNumber: 42 });
    const res = await product.client.emissions.emit({
      headers: { 'idempotency-key': newKey() },
      body: emissionRequest(r),
    });
    expect(res.status).toBe(201);
    if (res.status !== 201) return;
    expect(res.body).toMatchObject({
      product_id: product.id,
      ...r,
      series_id: seriesId,
      document_model: '55',
      serie: 1,
      numero: 42,
      status: 'assinada',
      ambiente: 'homologacao',
      rejeicao_codigo: null,
      rejeicao_motivo: null,
      protocolo: null,
      autorizada_em: null,
    });
    expect(res.body.chave_acesso).toMatch(/^35\d{4}12345678000195550010000000421\d{8}\d$/);
    expect(res.body.codigo_numerico).toMatch(/^\d{8}$/);
    expect(res.body.chave_acesso.slice(35, 43)).toBe(res.body.codigo_numerico);
    expect(await seriesCounter(product, r)).toEqual([{ serie: 1, next_number: 43 }]);

    const xml = await fetch(`${server.url}/v1/documentos/${res.body.id}/xml`, {
      headers: { 'x-api-key': product.apiKey },
    });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    const text = await xml.text();
    expect(text.startsWith('<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe Id="NFe')).toBe(
      true,
    );
    expect(text).toContain(`Id="NFe${res.body.chave_acesso}"`);
    expect(text).not.toMatch(/>\s+</);
    expect(referenceVerifyNfe(text)).toBe(true);
    if (sharedDir()) {
      expect(validateNfeXml(text, 'PL_009_V4')).toEqual([]);
      expect(validateNfeXml(text, 'PL_010b_NT2025_002_v1.30')).toEqual([]);
    }
  });

  it('replays a known key: 200, Idempotent-Replayed, the same document, no new number', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r);
    const key = newKey();
    const first = await emitRaw(product.apiKey, emissionRequest(r), key);
    const again = await emitRaw(product.apiKey, emissionRequest(r), key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await seriesCounter(product, r)).toEqual([{ serie: 1, next_number: 2 }]);
    expect(await documentCount(product.id)).toBe(1);
  });

  it('keys are per product: the same key in another product is a new emission', async () => {
    const a = await server.newProduct();
    const b = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, a, r);
    await prepareBranch(server.url, b, r);
    const key = newKey();
    expect((await emitRaw(a.apiKey, emissionRequest(r), key)).status).toBe(201);
    expect((await emitRaw(b.apiKey, emissionRequest(r), key)).status).toBe(201);
  });

  it('50 concurrent emissions on one series get 50 distinct, gapless numbers', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, { nextNumber: 100 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => emitRaw(product.apiKey, emissionRequest(r), newKey())),
    );
    expect(results.map((x) => x.status)).toEqual(Array(50).fill(201));
    const numbers = results.map((x) => x.body.numero as number).sort((p, q) => p - q);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => 100 + i));
    expect(new Set(results.map((x) => x.body.chave_acesso)).size).toBe(50);
    expect(await seriesCounter(product, r)).toEqual([{ serie: 1, next_number: 150 }]);
  });

  it('20 concurrent requests with one key give one document (one 201, the rest 200)', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r);
    const key = newKey();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => emitRaw(product.apiKey, emissionRequest(r), key)),
    );
    const statuses = results.map((x) => x.status).sort();
    expect(statuses).toEqual([...Array(19).fill(200), 201]);
    expect(new Set(results.map((x) => x.body.id)).size).toBe(1);
    expect(await documentCount(product.id)).toBe(1);
    expect(await seriesCounter(product, r)).toEqual([{ serie: 1, next_number: 2 }]);
  });

  it('honours a PATCHed next_number', async () => {
    const product = await server.newProduct();
    const r = refs();
    const { seriesId } = await prepareBranch(server.url, product, r);
    await product.client.series.patchSeries({
      params: { series_id: seriesId },
      body: { next_number: 777 },
    });
    const res = await emitRaw(product.apiKey, emissionRequest(r), newKey());
    expect(res.body.numero).toBe(777);
    expect(await seriesCounter(product, r)).toEqual([{ serie: 1, next_number: 778 }]);
  });

  it('emits 990 items within the layout', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r);
    // Items without tax lines: 990 of them sign to about 430 KB, within the 500 KB of SEFAZ's lot
    // (a larger NF-e is refused before it is numbered: document-too-large.test.ts).
    const body = {
      ...simplesNacionalRequest(EMITTER_CNPJ),
      ...r,
      itens: Array.from({ length: 990 }, () => simplesNacionalItem()),
      pagamento: { tpag: '01', valor: String(500 * 990) },
    };
    const res = await emitRaw(product.apiKey, body, newKey());
    expect(res.status).toBe(201);
    const xml = await (
      await fetch(`${server.url}/v1/documentos/${res.body.id}/xml`, {
        headers: { 'x-api-key': product.apiKey },
      })
    ).text();
    expect(xml.match(/<det nItem=/g)).toHaveLength(990);
    expect(referenceVerifyNfe(xml)).toBe(true);
    if (sharedDir()) expect(validateNfeXml(xml, 'PL_009_V4')).toEqual([]);
  });
});

describe('POST /v1/emissoes: every refusal leaves the counter and the tables untouched', () => {
  let product: TestServerProduct;
  let r: { tenant_ref: string; branch_ref: string };
  let seriesId: string;
  beforeAll(async () => {
    product = await server.newProduct();
    r = refs();
    ({ seriesId } = await prepareBranch(server.url, product, r, { nextNumber: 10 }));
  });

  async function expectNothingChanged() {
    expect(await seriesCounter(product, r)).toEqual([{ serie: 1, next_number: 10 }]);
    expect(await documentCount(product.id)).toBe(0);
  }

  it('missing Idempotency-Key → 422 on the header, before the body is looked at', async () => {
    const res = await emitRaw(product.apiKey, { not: 'a request' }, undefined);
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({
      loc: ['header', 'idempotency-key'],
      type: 'missing',
    });
    await expectNothingChanged();
  });

  it('Idempotency-Key over 255 characters → 422', async () => {
    const res = await emitRaw(product.apiKey, emissionRequest(r), 'k'.repeat(256));
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({
      loc: ['header', 'idempotency-key'],
      type: 'string_too_long',
    });
    await expectNothingChanged();
  });

  const bodyCases: [string, (b: any) => void, (string | number)[], string][] = [
    ['empty itens', (b) => (b.itens = []), ['body', 'itens'], 'too_short'],
    ['model 65', (b) => (b.document_model = '65'), ['body', 'document_model'], 'literal_error'],
    [
      'cnpj of 13 characters',
      (b) => (b.emitente.cnpj = '1234567800019'),
      ['body', 'emitente', 'cnpj'],
      'string_too_short',
    ],
    [
      'quantity zero',
      (b) => (b.itens[0].quantidade = 0),
      ['body', 'itens', 0, 'quantidade'],
      'greater_than',
    ],
    [
      'quantity not a decimal',
      (b) => (b.itens[0].quantidade = '1,5'),
      ['body', 'itens', 0, 'quantidade'],
      'decimal_parsing',
    ],
    ['ambiente unknown', (b) => (b.ambiente = 'teste'), ['body', 'ambiente'], 'literal_error'],
    [
      'ver_proc too long',
      (b) => (b.ver_proc = 'x'.repeat(21)),
      ['body', 'ver_proc'],
      'string_too_long',
    ],
    [
      'rule_id not a uuid',
      (b) => (b.itens[0].fiscal_result.tributos[0].rule_id = 'r1'),
      ['body', 'itens', 0, 'fiscal_result', 'tributos', 0, 'rule_id'],
      'uuid_parsing',
    ],
    [
      'NCM of 7 digits (layout)',
      (b) => (b.itens[0].ncm = '6109100'),
      ['body', 'itens', 0, 'ncm'],
      '',
    ],
    [
      'UF that does not exist (layout)',
      (b) => (b.emitente.address_state = 'XX'),
      ['body', 'emitente', 'address_state'],
      '',
    ],
    [
      'payment below the total (layout)',
      (b) => (b.pagamento.valor = '1.00'),
      ['body', 'pagamento', 'valor'],
      '',
    ],
  ];
  it.each(bodyCases)('%s → 422', async (_name, mutate, loc, type) => {
    const body = emissionRequest(r);
    mutate(body);
    const res = await emitRaw(product.apiKey, body, newKey());
    expect(res.status).toBe(422);
    const match = res.body.detail.find(
      (d: { loc: unknown }) => JSON.stringify(d.loc) === JSON.stringify(loc),
    );
    expect(match, JSON.stringify(res.body.detail)).toBeDefined();
    if (type) expect(match.type).toBe(type);
    await expectNothingChanged();
  });

  it('malformed JSON → 422 json_invalid', async () => {
    const res = await emitRaw(product.apiKey, '{"serie":', newKey());
    expect(res.status).toBe(422);
    expect(res.body.detail[0].type).toBe('json_invalid');
    await expectNothingChanged();
  });

  it('unknown serie → 404 series_not_found', async () => {
    const res = await emitRaw(product.apiKey, emissionRequest(r, { serie: 2 }), newKey());
    expect(res).toMatchObject({ status: 404, body: { detail: { code: 'series_not_found' } } });
    await expectNothingChanged();
  });

  it('no live certificate → 404 certificate_not_found', async () => {
    const other = { ...r, branch_ref: 'sem-certificado' };
    await product.client.series.createSeries({ body: { ...other, serie: 1, next_number: 5 } });
    const res = await emitRaw(product.apiKey, emissionRequest(other), newKey());
    expect(res).toMatchObject({ status: 404, body: { detail: { code: 'certificate_not_found' } } });
    expect(await seriesCounter(product, other)).toEqual([{ serie: 1, next_number: 5 }]);
  });

  it('emitente CNPJ differs from the certificate → 409 emitente_certificate_cnpj_mismatch', async () => {
    const body = emissionRequest(r);
    body.emitente.cnpj = '12345678000276'; // same root, but not the CNPJ given at upload
    const res = await emitRaw(product.apiKey, body, newKey());
    expect(res).toMatchObject({
      status: 409,
      body: { detail: { code: 'emitente_certificate_cnpj_mismatch' } },
    });
    await expectNothingChanged();
  });

  it("another product's refs look absent (404), never used", async () => {
    const intruder = await server.newProduct();
    const res = await emitRaw(intruder.apiKey, emissionRequest(r), newKey());
    expect(res.status).toBe(404);
    await expectNothingChanged();
  });

  it('a refused request leaves its key unused: the same key later emits', async () => {
    const key = newKey();
    const refused = await emitRaw(product.apiKey, emissionRequest(r, { serie: 2 }), key);
    expect(refused.status).toBe(404);
    await expectNothingChanged();
    expect(seriesId).toBeTruthy();
  });
});

describe('certificate validity at emission', () => {
  it.each([
    [
      'expired',
      { notBefore: new Date('2024-01-01'), notAfter: new Date('2025-01-01') },
      'certificate_expired',
    ],
    [
      'not yet valid',
      { notBefore: new Date('2030-01-01'), notAfter: new Date('2031-01-01') },
      'certificate_not_yet_valid',
    ],
  ])('%s → 409 %s, nothing allocated', async (_name, validity, code) => {
    // Upload while the certificate is valid, then emit at "now".
    const uploadClock = new Date((validity.notBefore.getTime() + validity.notAfter.getTime()) / 2);
    const url = await (async () => {
      const s = await startTestServer({ clock: () => uploadClock });
      return s;
    })();
    const product = await url.newProduct();
    const r = refs();
    await product.client.series.createSeries({ body: { ...r, serie: 1, next_number: 3 } });
    const pfx = testPfx({ cnpj: EMITTER_CNPJ, ...validity });
    const up = await postCertificate(url.url, product.apiKey, r, {
      cnpj: EMITTER_CNPJ,
      password: pfx.password,
      file: pfx.pfx,
    });
    expect(up.status).toBe(201);
    await url.close();

    const later = await startTestServer({ databaseUrl: url.databaseUrl });
    try {
      const res = await fetch(`${later.url}/v1/emissoes`, {
        method: 'POST',
        headers: {
          'x-api-key': product.apiKey,
          'content-type': 'application/json',
          'idempotency-key': newKey(),
        },
        body: JSON.stringify(emissionRequest(r)),
      });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ detail: { code } });
      const list = await fetch(
        `${later.url}/v1/series?tenant_ref=${r.tenant_ref}&branch_ref=${r.branch_ref}`,
        { headers: { 'x-api-key': product.apiKey } },
      );
      expect(((await list.json()) as { next_number: number }[])[0]!.next_number).toBe(3);
    } finally {
      await later.close();
    }
  });
});
