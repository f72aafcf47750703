/**
 * A tour of the whole Emissor API, as a product integrating it would walk through it, using only
 * the typed SDK. Each step is one thing the interface spec promises.
 */
import { randomUUID } from 'node:crypto';

import { createEmissorClient } from '@emissor/client';
import { referenceVerifyNfe } from '@emissor/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testPfx } from './helpers/certificates.js';
import { emissionRequest, EMITTER_CNPJ } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('a tour of the Emissor API through @emissor/client', () => {
  const branch = { tenant_ref: 'padaria-do-ze', branch_ref: 'matriz' };

  it('walks from an empty account to a signed NF-e and back', async () => {
    // 0. Health needs no key; everything else does.
    const anonymous = createEmissorClient({ baseUrl: server.url, apiKey: '' });
    expect((await anonymous.health.getHealth()).status).toBe(200);
    expect((await anonymous.series.listSeries({ query: branch })).status).toBe(401);

    // 1. An operator created our product out of band; we hold its key.
    const { client: emissor, id: productId } = await server.newProduct('padaria app');

    // 2. The branch has no series and no certificate yet.
    expect(await emissor.series.listSeries({ query: branch })).toMatchObject({
      status: 200,
      body: [],
    });
    expect(await emissor.certificates.getCertificate({ query: branch })).toMatchObject({
      status: 404,
      body: { detail: { code: 'certificate_not_found' } },
    });

    // 3. Create serie 1, starting at number 1000 (continuing a previous system's numbering).
    const series = await emissor.series.createSeries({
      body: { ...branch, serie: 1, next_number: 1000 },
    });
    expect(series).toMatchObject({
      status: 201,
      body: { product_id: productId, serie: 1, next_number: 1000, document_model: '55' },
    });
    if (series.status !== 201) return;

    // 4. Upload the branch's A1 certificate; only metadata comes back.
    const pfx = testPfx({ cnpj: EMITTER_CNPJ });
    const cert = await emissor.uploadCertificate({
      query: branch,
      cnpj: EMITTER_CNPJ,
      password: pfx.password,
      file: pfx.pfx,
    });
    expect(cert).toMatchObject({
      status: 201,
      body: { cnpj: EMITTER_CNPJ, cnpj_certificado: EMITTER_CNPJ },
    });
    expect(await emissor.certificates.getCertificate({ query: branch })).toMatchObject({
      status: 200,
    });

    // 5. Emit, with an idempotency key we keep with our sale.
    const key = randomUUID();
    const emitted = await emissor.emissions.emit({
      headers: { 'idempotency-key': key },
      body: emissionRequest(branch),
    });
    expect(emitted).toMatchObject({
      status: 201,
      body: { numero: 1000, status: 'assinada', ambiente: 'homologacao' },
    });
    if (emitted.status !== 201) return;

    // 6. Our network dropped the answer: we retry with the same key and get the same document.
    const retried = await emissor.emissions.emit({
      headers: { 'idempotency-key': key },
      body: emissionRequest(branch),
    });
    expect(retried).toMatchObject({ status: 200, body: emitted.body });
    expect(retried.headers.get('idempotent-replayed')).toBe('true');

    // 7. The series moved on by exactly one.
    expect(await emissor.series.listSeries({ query: branch })).toMatchObject({
      status: 200,
      body: [{ next_number: 1001 }],
    });

    // 8. Read it back: the record, the list, and the signed XML.
    expect(
      await emissor.documents.getDocument({ params: { document_id: emitted.body.id } }),
    ).toMatchObject({ status: 200, body: emitted.body });
    expect(
      await emissor.documents.listDocuments({ query: { ...branch, status: 'assinada' } }),
    ).toMatchObject({ status: 200, body: [emitted.body] });
    const xml = await emissor.documents.getDocumentXml({
      params: { document_id: emitted.body.id },
    });
    expect(xml.status).toBe(200);
    expect(typeof xml.body === 'string' && referenceVerifyNfe(xml.body)).toBe(true);

    // 9. A bad request is a 422 naming the field, and costs no number.
    const bad = await emissor.emissions.emit({
      headers: { 'idempotency-key': randomUUID() },
      body: { ...emissionRequest(branch), itens: [] },
    });
    expect(bad).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'itens'], type: 'too_short' }] },
    });

    // 10. Renumber after a mistake: the next emission honours it.
    await emissor.series.patchSeries({
      params: { series_id: series.body.id },
      body: { next_number: 2000 },
    });
    const next = await emissor.emissions.emit({
      headers: { 'idempotency-key': randomUUID() },
      body: emissionRequest(branch),
    });
    expect(next).toMatchObject({ status: 201, body: { numero: 2000 } });

    // 11. Retire the certificate: emissions stop with a clear 404 until a new one is uploaded.
    expect((await emissor.certificates.deleteCertificate({ query: branch })).status).toBe(204);
    const blocked = await emissor.emissions.emit({
      headers: { 'idempotency-key': randomUUID() },
      body: emissionRequest(branch),
    });
    expect(blocked).toMatchObject({
      status: 404,
      body: { detail: { code: 'certificate_not_found' } },
    });

    // 12. Another product sees none of it.
    const { client: other } = await server.newProduct('someone else');
    expect(await other.documents.listDocuments({ query: {} })).toMatchObject({
      status: 200,
      body: [],
    });
    expect(
      (await other.documents.getDocument({ params: { document_id: emitted.body.id } })).status,
    ).toBe(404);
  });
});
