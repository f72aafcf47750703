import { groupKey } from '@emissor/danfe';
import {
  HAVE_PDF_TOOLS,
  count,
  pageCount,
  pagesText,
  warnIfPdfToolsMissing,
} from '@emissor/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emissionRequest, emitDocument, prepareBranch } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

warnIfPdfToolsMissing('api danfe');

let server: TestServer;
let owner: Awaited<ReturnType<TestServer['newProduct']>>;
let stranger: Awaited<ReturnType<TestServer['newProduct']>>;
const shop = { tenant_ref: 'loja-danfe', branch_ref: 'centro' };

async function emit(items = 1): Promise<{ id: string; chave: string }> {
  const document = await emitDocument(owner.client, emissionRequest(shop, { items }));
  return { id: document.id, chave: document.chave_acesso };
}

async function danfeBytes(id: string): Promise<Uint8Array> {
  const res = await owner.client.documents.getDocumentDanfe({ params: { document_id: id } });
  if (res.status !== 200) throw new Error(`DANFE failed: ${res.status}`);
  return new Uint8Array(await res.body.arrayBuffer());
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.newProduct();
  stranger = await server.newProduct();
  await prepareBranch(server.url, owner, shop);
});
afterAll(() => server.close());

describe('GET /v1/documentos/{id}/danfe', () => {
  it('serves a PDF named after the chave, through the SDK as a Blob', async () => {
    const { id, chave } = await emit();
    const res = await fetch(`${server.url}/v1/documentos/${id}/danfe`, {
      headers: { 'x-api-key': owner.apiKey },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="NFe${chave}.pdf"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    // Same XML, same bytes (the package is deterministic), whichever way it is fetched.
    expect(await danfeBytes(id)).toEqual(bytes);
  });

  it.skipIf(!HAVE_PDF_TOOLS)(
    'prints the chave, the emitter and the marks of an unauthorised homologação note',
    async () => {
      const { id, chave } = await emit();
      const [page, ...more] = pagesText(await danfeBytes(id));
      expect(more).toEqual([]);
      expect(page).toContain(groupKey(chave));
      expect(page).toContain('EMPRESA DE TESTE LTDA');
      expect(page).toContain('SEM VALOR FISCAL');
      expect(page).toContain('NÃO AUTORIZADA');
      expect(page).not.toContain('CANCELADA');
    },
  );

  it.skipIf(!HAVE_PDF_TOOLS)('prints CANCELADA once the document is cancelled', async () => {
    const { id } = await emit();
    // Cancellation events arrive with transmission; the status is what the route reads.
    await server.database.db
      .updateTable('documents')
      .set({ status: 'cancelada' })
      .where('id', '=', id)
      .execute();
    expect(pagesText(await danfeBytes(id)).join('\n')).toContain('CANCELADA');
  });

  it.skipIf(!HAVE_PDF_TOOLS)(
    'continues a long item table over sheets, FOLHA n/N exact on each',
    async () => {
      const { id } = await emit(120);
      const pdf = await danfeBytes(id);
      const pages = pagesText(pdf);
      expect(pages.length).toBe(pageCount(pdf));
      expect(pages.length).toBeGreaterThan(1);
      pages.forEach((text, i) => expect(text).toContain(`FOLHA ${i + 1}/${pages.length}`));
      const all = pages.join('\n');
      for (const n of [1, 60, 120]) expect(count(all, `Produto de teste ${n} & cia`)).toBe(1);
    },
  );

  it('renders concurrent requests for different documents, each its own', async () => {
    const docs = await Promise.all([emit(), emit(3), emit(10), emit()]);
    const pdfs = await Promise.all(docs.map((d) => danfeBytes(d.id)));
    expect(new Set(pdfs.map((p) => Buffer.from(p).toString('base64'))).size).toBe(4);
    if (HAVE_PDF_TOOLS) {
      pdfs.forEach((pdf, i) => expect(pagesText(pdf)[0]).toContain(groupKey(docs[i]!.chave)));
    }
  });

  it("answers 404 for another product's document and for an unknown id, 422 for a bad id, 401 without a key", async () => {
    const { id } = await emit();
    const asStranger = await fetch(`${server.url}/v1/documentos/${id}/danfe`, {
      headers: { 'x-api-key': stranger.apiKey },
    });
    expect(asStranger.status).toBe(404);
    expect(await asStranger.json()).toMatchObject({ detail: { code: 'document_not_found' } });
    const unknown = await owner.client.documents.getDocumentDanfe({
      params: { document_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    const badId = await fetch(`${server.url}/v1/documentos/123/danfe`, {
      headers: { 'x-api-key': owner.apiKey },
    });
    expect(badId.status).toBe(422);
    expect(((await badId.json()) as any).detail[0]).toMatchObject({
      loc: ['path', 'document_id'],
      type: 'uuid_parsing',
    });
    const anonymous = await fetch(`${server.url}/v1/documentos/${id}/danfe`);
    expect(anonymous.status).toBe(401);
  });
});
