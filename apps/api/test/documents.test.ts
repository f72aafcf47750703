import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { storedXmlText } from '../src/storage/stored-xml.js';
import { emissionRequest, emitDocument, prepareBranch } from './helpers/emission.js';
import { storedXmlRow } from './helpers/stored-xml.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let owner: Awaited<ReturnType<TestServer['newProduct']>>;
let stranger: Awaited<ReturnType<TestServer['newProduct']>>;
const shopA = { tenant_ref: 'loja-a', branch_ref: 'centro' };
const shopB = { tenant_ref: 'loja-b', branch_ref: 'centro' };
const emitted: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.newProduct();
  stranger = await server.newProduct();
  await prepareBranch(server.url, owner, shopA);
  await prepareBranch(server.url, owner, shopB);
  // Sequential, so created_at order is the emission order.
  for (const refs of [shopA, shopB, shopA, shopA, shopB]) {
    emitted.push((await emitDocument(owner.client, emissionRequest(refs))).id);
  }
});
afterAll(() => server.close());

const ids = (res: { status: number; body: unknown }) =>
  (res.body as { id: string }[]).map((d) => d.id);

describe('GET /v1/documentos', () => {
  it('lists newest first, default limit 50', async () => {
    const res = await owner.client.documents.listDocuments({ query: {} });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([...emitted].reverse());
  });

  it('filters by tenant_ref, branch_ref and status', async () => {
    const a = await owner.client.documents.listDocuments({ query: { tenant_ref: 'loja-a' } });
    expect(ids(a)).toEqual([emitted[3], emitted[2], emitted[0]]);
    const b = await owner.client.documents.listDocuments({
      query: { tenant_ref: 'loja-b', branch_ref: 'centro' },
    });
    expect(ids(b)).toEqual([emitted[4], emitted[1]]);
    const signed = await owner.client.documents.listDocuments({ query: { status: 'assinada' } });
    expect(ids(signed)).toHaveLength(5);
    const none = await owner.client.documents.listDocuments({ query: { status: 'autorizada' } });
    expect(ids(none)).toEqual([]);
  });

  it('pages with limit and offset', async () => {
    const page1 = await owner.client.documents.listDocuments({ query: { limit: 2, offset: 0 } });
    const page2 = await owner.client.documents.listDocuments({ query: { limit: 2, offset: 2 } });
    const page3 = await owner.client.documents.listDocuments({ query: { limit: 2, offset: 4 } });
    expect([...ids(page1), ...ids(page2), ...ids(page3)]).toEqual([...emitted].reverse());
  });

  it.each([
    ['limit=0', 'limit', 'greater_than_equal'],
    ['limit=201', 'limit', 'less_than_equal'],
    ['limit=abc', 'limit', 'int_parsing'],
    ['offset=-1', 'offset', 'greater_than_equal'],
    [`status=${'x'.repeat(21)}`, 'status', 'string_too_long'],
    [`tenant_ref=${'x'.repeat(65)}`, 'tenant_ref', 'string_too_long'],
  ])('rejects %s with 422', async (qs, field, type) => {
    const res = await fetch(`${server.url}/v1/documentos?${qs}`, {
      headers: { 'x-api-key': owner.apiKey },
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as any).detail[0]).toMatchObject({ loc: ['query', field], type });
  });

  it('shows another product nothing', async () => {
    const res = await stranger.client.documents.listDocuments({ query: {} });
    expect(res).toMatchObject({ status: 200, body: [] });
  });
});

describe('GET /v1/documentos/{id} and /xml', () => {
  it('returns the record and the stored XML bytes', async () => {
    const id = emitted[0]!;
    const doc = await owner.client.documents.getDocument({ params: { document_id: id } });
    expect(doc).toMatchObject({ status: 200, body: { id, status: 'assinada' } });
    const xml = await fetch(`${server.url}/v1/documentos/${id}/xml`, {
      headers: { 'x-api-key': owner.apiKey },
    });
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    // Stored packed (migration 0016), read back to the same bytes.
    const stored = await storedXmlRow(server.database.db, id);
    expect(stored.xml).toBeNull();
    expect(await xml.text()).toBe(storedXmlText(stored));
  });

  it("answers 404 document_not_found for another product's document and for unknown ids", async () => {
    const id = emitted[0]!;
    for (const path of [`/v1/documentos/${id}`, `/v1/documentos/${id}/xml`]) {
      const res = await fetch(`${server.url}${path}`, {
        headers: { 'x-api-key': stranger.apiKey },
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ detail: { code: 'document_not_found' } });
    }
    const unknown = await owner.client.documents.getDocument({
      params: { document_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
  });

  it('answers 422 uuid_parsing for an id that is not a UUID', async () => {
    const res = await fetch(`${server.url}/v1/documentos/123`, {
      headers: { 'x-api-key': owner.apiKey },
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as any).detail[0]).toMatchObject({
      loc: ['path', 'document_id'],
      type: 'uuid_parsing',
    });
  });
});
