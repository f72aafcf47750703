import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createPackingCertificateIds } from '../src/storage/packing-certificates.js';
import { storedXmlText } from '../src/storage/stored-xml.js';
import { XML_PACKING } from '../src/storage/xml-packing.js';
import { emissionRequest, emitDocument, prepareBranch } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { storedXmlRow } from './helpers/stored-xml.js';

let server: TestServer;
let owner: Awaited<ReturnType<TestServer['newProduct']>>;
const shop = { tenant_ref: 'loja', branch_ref: 'centro' };

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.newProduct();
  await prepareBranch(server.url, owner, shop);
});
afterAll(() => server.close());

const emit = async (items: number) =>
  (await emitDocument(owner.client, emissionRequest(shop, { items }))).id;
const storedRow = (id: string) => storedXmlRow(server.database.db, id);
const servedXml = async (id: string) => {
  const res = await fetch(`${server.url}/v1/documentos/${id}/xml`, {
    headers: { 'x-api-key': owner.apiKey },
  });
  expect(res.status).toBe(200);
  return res.text();
};

describe('document XML storage (migration 0016)', () => {
  it('stores each emission packed, about 1 KB for 10 items, one certificate row for the branch', async () => {
    const ids = await Promise.all([emit(10), emit(10), emit(1)]);
    const rows = await Promise.all(ids.map(storedRow));
    for (const row of rows) {
      expect(row.xml).toBeNull();
      expect(row.packing).toBe(XML_PACKING);
      expect(row.certificate_base64).not.toBeNull();
    }
    expect(rows[0]!.packed!.length).toBeLessThan(1500);
    expect(new Set(rows.map((r) => r.packing_certificate_id)).size).toBe(1);
    const served = await servedXml(ids[0]);
    expect(served).toBe(storedXmlText(rows[0]!));
    expect(served).toMatch(/^<NFe xmlns="http:\/\/www.portalfiscal.inf.br\/nfe">/);
    expect(served).toContain(`<X509Certificate>${rows[0]!.certificate_base64}</X509Certificate>`);
  });

  it('serves a document stored before packing (XML as text) as it was stored', async () => {
    const id = await emit(2);
    const text = storedXmlText(await storedRow(id));
    // The row as migration 0016 found it: the text, none of the packed columns.
    await server.database.db
      .updateTable('document_xml')
      .set({ xml: text, packed: null, packing: null, packing_certificate_id: null })
      .where('document_id', '=', id)
      .execute();
    expect(await servedXml(id)).toBe(text);
    const danfe = await fetch(`${server.url}/v1/documentos/${id}/danfe`, {
      headers: { 'x-api-key': owner.apiKey },
    });
    expect(danfe.status).toBe(200);
  });

  it('refuses a row with both forms or neither (one form per document)', async () => {
    const id = await emit(1);
    const both = server.database.db
      .updateTable('document_xml')
      .set({ xml: '<NFe/>' })
      .where('document_id', '=', id)
      .execute();
    await expect(both).rejects.toThrow(/document_xml_one_form/);
    const neither = server.database.db
      .updateTable('document_xml')
      .set({ packed: null })
      .where('document_id', '=', id)
      .execute();
    await expect(neither).rejects.toThrow(/document_xml_one_form/);
  });
});

describe('a stored XML that cannot be read', () => {
  // A server fault, not the client's: before, zlib's error code made the error handler take it for
  // a request body that was not compressed as it said, and answer 422 json_invalid.
  it('answers 500 internal_error on its XML and DANFE, and the log names the document to restore', async () => {
    const id = await emit(1);
    // One byte of the stored form changed: zlib's checksum refuses it.
    await sql`update document_xml set packed = set_byte(packed, 20, get_byte(packed, 20) # 255)
              where document_id = ${id}`.execute(server.database.db);
    for (const path of ['xml', 'danfe']) {
      const res = await fetch(`${server.url}/v1/documentos/${id}/${path}`, {
        headers: { 'x-api-key': owner.apiKey },
      });
      expect(res.status).toBe(500);
      const { detail } = (await res.json()) as { detail: { code: string; message: string } };
      expect(detail.code).toBe('internal_error');
      expect(detail.message).toContain(res.headers.get('x-request-id'));
      expect(detail.message).not.toMatch(/zlib|document_xml|checksum|restore/i);
    }
    const lines = server.logs.filter((l) => l.includes(`the stored XML of document ${id}`));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/cannot be read \(.+\): restore its document_xml row from a backup/);
  });
});

describe('packing certificate ids', () => {
  it('are one row per certificate when processes meet a new one at the same moment', async () => {
    // Two processes: two pools, each with its own cache, asking together and repeatedly.
    const pools = [0, 1].map(() => new pg.Pool({ connectionString: server.databaseUrl, max: 4 }));
    try {
      const certificates = ['Q0VSVElGSUNBRE8tQQ==', 'Q0VSVElGSUNBRE8tQg=='];
      const ids = await Promise.all(
        pools.flatMap((pool) => {
          const registry = createPackingCertificateIds(pool);
          return Array.from({ length: 8 }, (_, i) =>
            registry.idsOf(i % 2 ? certificates : [...certificates].reverse()),
          );
        }),
      );
      const { rows } = await pools[0]!.query<{ id: number; certificate_base64: string }>(
        'select id, certificate_base64 from packing_certificates where certificate_base64 = any($1)',
        [certificates],
      );
      expect(rows).toHaveLength(2);
      const idOf = new Map(rows.map((r) => [r.certificate_base64, r.id]));
      ids.forEach((answer, i) => {
        const order = (i % 8) % 2 ? certificates : [...certificates].reverse();
        expect(answer).toEqual(order.map((c) => idOf.get(c)));
      });
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });
});
