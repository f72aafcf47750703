import { readFileSync } from 'node:fs';

import { sharedDir, sharedPath } from '@emissor/test-support';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { postCertificate, testPfx } from './helpers/certificates.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let counter = 0;
const slot = () => ({ tenant_ref: `tenant-${++counter}`, branch_ref: 'matriz' });
const CNPJ = '12345678000195';

describe('POST /v1/certificados', () => {
  it('stores a valid certificate and answers with metadata only', async () => {
    const { apiKey, id } = await server.newProduct();
    const pfx = testPfx({ cnpj: CNPJ });
    const refs = slot();
    const res = await postCertificate(server.url, apiKey, refs, {
      cnpj: CNPJ,
      password: pfx.password,
      file: pfx.pfx,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      product_id: id,
      ...refs,
      cnpj: CNPJ,
      subject_cn: pfx.subjectCn,
      cnpj_certificado: CNPJ,
      not_valid_before: '2024-01-01T00:00:00.000Z',
      not_valid_after: '2124-01-01T00:00:00.000Z',
      created_at: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toContain(pfx.password);
  });

  it('accepts a branch CNPJ with the same root as the certificate', async () => {
    const { apiKey } = await server.newProduct();
    const pfx = testPfx({ cnpj: CNPJ });
    const res = await postCertificate(server.url, apiKey, slot(), {
      cnpj: '12345678000276',
      password: pfx.password,
      file: pfx.pfx,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cnpj: '12345678000276', cnpj_certificado: CNPJ });
  });

  it('replaces the live certificate: the old one is soft-deleted', async () => {
    const { apiKey, client } = await server.newProduct();
    const refs = slot();
    const first = testPfx({ cnpj: CNPJ });
    const second = testPfx({ cnpj: CNPJ, companyName: 'SEGUNDA' });
    const a = await postCertificate(server.url, apiKey, refs, {
      cnpj: CNPJ,
      password: first.password,
      file: first.pfx,
    });
    const b = await postCertificate(server.url, apiKey, refs, {
      cnpj: CNPJ,
      password: second.password,
      file: second.pfx,
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    const live = await client.certificates.getCertificate({ query: refs });
    expect(live).toMatchObject({ status: 200, body: { id: b.body.id } });
    const rows = await server.database.db
      .selectFrom('certificates')
      .select(['id', 'deleted_at'])
      .where('tenant_ref', '=', refs.tenant_ref)
      .execute();
    expect(rows.filter((r) => r.deleted_at === null).map((r) => r.id)).toEqual([b.body.id]);
    expect(rows).toHaveLength(2);
  });

  it('of concurrent uploads for one slot, exactly one wins and the rest get 409', async () => {
    const { apiKey, client } = await server.newProduct();
    const refs = slot();
    const pfx = testPfx({ cnpj: CNPJ });
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        postCertificate(server.url, apiKey, refs, {
          cnpj: CNPJ,
          password: pfx.password,
          file: pfx.pfx,
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    const conflictBody = results.find((r) => r.status === 409)!.body;
    expect(conflictBody).toMatchObject({ detail: { code: 'certificate_upload_conflict' } });
    const winner = results.find((r) => r.status === 201)!.body;
    expect(await client.certificates.getCertificate({ query: refs })).toMatchObject({
      status: 200,
      body: { id: winner.id },
    });
    const live = await server.database.db
      .selectFrom('certificates')
      .select('id')
      .where('tenant_ref', '=', refs.tenant_ref)
      .where('deleted_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
  });

  it('keeps the file and the password encrypted at rest', async () => {
    const { apiKey } = await server.newProduct();
    const pfx = testPfx({ cnpj: CNPJ, password: 'a-very-distinct-password-42' });
    const refs = slot();
    const res = await postCertificate(server.url, apiKey, refs, {
      cnpj: CNPJ,
      password: pfx.password,
      file: pfx.pfx,
    });
    expect(res.status).toBe(201);
    // Read the raw row with a separate driver connection, as an attacker with a dump would.
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query('select * from certificates where id = $1', [
        res.body.id,
      ]);
      const raw = Buffer.concat(
        Object.values(rows[0] as Record<string, unknown>).map((v) =>
          Buffer.isBuffer(v) ? v : Buffer.from(String(v)),
        ),
      );
      expect(raw.includes(Buffer.from(pfx.password))).toBe(false);
      expect(raw.includes(Buffer.from(pfx.pfx.subarray(0, 64)))).toBe(false);
      const keyBody = pfx.privateKeyPem.split('\n').slice(1, -2).join('');
      expect(raw.includes(Buffer.from(keyBody.slice(0, 40)))).toBe(false);
      expect(raw.includes(Buffer.from(keyBody.slice(0, 40), 'base64'))).toBe(false);
    } finally {
      await client.end();
    }
  });
});

describe('POST /v1/certificados: bad input is a 422 (or 413) that stores nothing', () => {
  const cases: [
    string,
    () => { cnpj?: string; password?: string; file?: Uint8Array },
    (string | number)[],
    string,
  ][] = [
    [
      'wrong password',
      () => ({ cnpj: CNPJ, password: 'wrong', file: testPfx({ cnpj: CNPJ }).pfx }),
      ['body', 'password'],
      'certificate_password_invalid',
    ],
    [
      'garbage file',
      () => ({ cnpj: CNPJ, password: 'x', file: new TextEncoder().encode('not a pfx at all') }),
      ['body', 'file'],
      'certificate_unreadable',
    ],
    [
      'no private key',
      () => ({
        cnpj: CNPJ,
        password: 'senha123',
        file: testPfx({ cnpj: CNPJ, omitPrivateKey: true }).pfx,
      }),
      ['body', 'file'],
      'certificate_no_private_key',
    ],
    [
      'no CNPJ in the certificate',
      () => ({ cnpj: CNPJ, password: 'senha123', file: testPfx({ cnpjLocation: 'none' }).pfx }),
      ['body', 'file'],
      'certificate_cnpj_missing',
    ],
    [
      'expired',
      () => ({
        cnpj: CNPJ,
        password: 'senha123',
        file: testPfx({
          cnpj: CNPJ,
          notBefore: new Date('2020-01-01'),
          notAfter: new Date('2021-01-01'),
        }).pfx,
      }),
      ['body', 'file'],
      'certificate_expired',
    ],
    [
      'CNPJ root differs',
      () => ({ cnpj: '99999999000191', password: 'senha123', file: testPfx({ cnpj: CNPJ }).pfx }),
      ['body', 'cnpj'],
      'certificate_cnpj_root_mismatch',
    ],
    [
      'cnpj too short',
      () => ({ cnpj: '123', password: 'senha123', file: testPfx({ cnpj: CNPJ }).pfx }),
      ['body', 'cnpj'],
      'string_too_short',
    ],
    [
      'missing cnpj',
      () => ({ password: 'senha123', file: testPfx({ cnpj: CNPJ }).pfx }),
      ['body', 'cnpj'],
      'missing',
    ],
    [
      'missing password',
      () => ({ cnpj: CNPJ, file: testPfx({ cnpj: CNPJ }).pfx }),
      ['body', 'password'],
      'missing',
    ],
    ['missing file', () => ({ cnpj: CNPJ, password: 'senha123' }), ['body', 'file'], 'missing'],
  ];

  it.each(cases)('%s', async (_name, fields, loc, type) => {
    const { apiKey, client } = await server.newProduct();
    const refs = slot();
    const res = await postCertificate(server.url, apiKey, refs, fields());
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual(
      expect.arrayContaining([expect.objectContaining({ loc, type })]),
    );
    expect(JSON.stringify(res.body)).not.toContain('senha123');
    expect(await client.certificates.getCertificate({ query: refs })).toMatchObject({
      status: 404,
    });
  });

  it('refuses a file over 100 KiB with 413 payload_too_large', async () => {
    const { apiKey, client } = await server.newProduct();
    const refs = slot();
    const res = await postCertificate(server.url, apiKey, refs, {
      cnpj: CNPJ,
      password: 'x',
      file: new Uint8Array(100 * 1024 + 1),
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ detail: { code: 'payload_too_large' } });
    expect(await client.certificates.getCertificate({ query: refs })).toMatchObject({
      status: 404,
    });
  });

  it('answers 422 to a truncated multipart body', async () => {
    const { apiKey } = await server.newProduct();
    const boundary = 'XyZ123';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="cnpj"\r\n\r\n${CNPJ}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pfx"\r\n\r\nabc`;
    const res = await fetch(`${server.url}/v1/certificados?tenant_ref=t&branch_ref=b`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.status).toBe(422);
  });

  it('answers 422 when the query refs are missing', async () => {
    const { apiKey } = await server.newProduct();
    const pfx = testPfx({ cnpj: CNPJ });
    const res = await postCertificate(
      server.url,
      apiKey,
      { tenant_ref: '', branch_ref: 'x'.repeat(65) },
      { cnpj: CNPJ, password: pfx.password, file: pfx.pfx },
    );
    expect(res.status).toBe(422);
    expect(res.body.detail.map((d: { loc: unknown[] }) => d.loc)).toEqual(
      expect.arrayContaining([['query', 'branch_ref']]),
    );
  });
});

describe.skipIf(!sharedDir())('the public test certificates', () => {
  const read = (name: string) => new Uint8Array(readFileSync(sharedPath('test-certs', name)));

  it('refuses certificado_teste.pfx today (expired in 2010)', async () => {
    const { apiKey } = await server.newProduct();
    const res = await postCertificate(server.url, apiKey, slot(), {
      cnpj: '99999090910270',
      password: 'associacao',
      file: read('certificado_teste.pfx'),
    });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({
      loc: ['body', 'file'],
      type: 'certificate_expired',
    });
  });

  it('accepts the legacy RC2-40 file within its validity, read without OpenSSL legacy', async () => {
    const past = await startTestServer({ clock: () => new Date('2010-01-15T12:00:00Z') });
    try {
      const { apiKey } = await past.newProduct();
      const res = await postCertificate(past.url, apiKey, slot(), {
        cnpj: '99999090910270',
        password: 'associacao',
        file: read('expired_certificate_legacy.pfx'),
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        cnpj_certificado: '99999090910270',
        subject_cn: 'NFe - Associacao NF-e:99999090910270',
      });
    } finally {
      await past.close();
    }
  });

  it('reads the CNPJ from a punctuated CN (cert_cnpj_06157250000116)', async () => {
    const { apiKey } = await server.newProduct();
    const res = await postCertificate(server.url, apiKey, slot(), {
      cnpj: '06157250000116',
      password: 'minhasenha',
      file: read('cert_cnpj_06157250000116_senha_minhasenha.pfx'),
    });
    expect(res.status).toBe(201);
    expect(res.body.cnpj_certificado).toBe('06157250000116');
  });

  it('rejects the wrong password for a real file on the password field', async () => {
    const { apiKey } = await server.newProduct();
    const res = await postCertificate(server.url, apiKey, slot(), {
      cnpj: '06157250000116',
      password: 'nope',
      file: read('cert_cnpj_06157250000116_senha_minhasenha.pfx'),
    });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({
      loc: ['body', 'password'],
      type: 'certificate_password_invalid',
    });
    expect(res.body.detail[0].input).toBeUndefined();
  });
});

describe('GET and DELETE /v1/certificados', () => {
  it('deactivates the live certificate; afterwards GET and DELETE give 404', async () => {
    const { apiKey, client } = await server.newProduct();
    const refs = slot();
    const pfx = testPfx({ cnpj: CNPJ });
    expect(
      (
        await postCertificate(server.url, apiKey, refs, {
          cnpj: CNPJ,
          password: pfx.password,
          file: pfx.pfx,
        })
      ).status,
    ).toBe(201);
    expect((await client.certificates.deleteCertificate({ query: refs })).status).toBe(204);
    expect(await client.certificates.getCertificate({ query: refs })).toMatchObject({
      status: 404,
      body: { detail: { code: 'certificate_not_found' } },
    });
    expect((await client.certificates.deleteCertificate({ query: refs })).status).toBe(404);
  });

  it("never shows or deletes another product's certificate", async () => {
    const owner = await server.newProduct();
    const other = await server.newProduct();
    const refs = slot();
    const pfx = testPfx({ cnpj: CNPJ });
    expect(
      (
        await postCertificate(server.url, owner.apiKey, refs, {
          cnpj: CNPJ,
          password: pfx.password,
          file: pfx.pfx,
        })
      ).status,
    ).toBe(201);
    expect((await other.client.certificates.getCertificate({ query: refs })).status).toBe(404);
    expect((await other.client.certificates.deleteCertificate({ query: refs })).status).toBe(404);
    expect((await owner.client.certificates.getCertificate({ query: refs })).status).toBe(200);
  });
});
