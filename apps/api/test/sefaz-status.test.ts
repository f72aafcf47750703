import { mkdtempSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from '@emissor/test-support';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { postCertificate, testPfx } from './helpers/certificates.js';
import { EMITTER_CNPJ } from './helpers/emission.js';
import { simulatorAdmin } from './helpers/local-sefaz.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// GET /v1/sefaz/status against the local SEFAZ the API starts in-process (real HTTPS, mutual TLS
// with the branch's certificate, real PostgreSQL). SEFAZ is asked at most once per authoriser and
// ambiente in 3 minutes: counted at the simulator, also across two API processes on one database.

const dataDir = () => mkdtempSync(join(tmpdir(), 'emissor-sefaz-status-'));
let server: TestServer;
let second: TestServer;
let simulator: { url: string; caPem: string; caPath: string };

beforeAll(async () => {
  server = await startTestServer({ env: { SEFAZ: 'simulator', EMISSOR_DATA_DIR: dataDir() } });
  if (!server.sefazSimulator) throw new Error('SEFAZ=simulator started no local SEFAZ');
  simulator = server.sefazSimulator;
  // A second API process on the same database, sending to the first one's local SEFAZ.
  second = await startTestServer({
    databaseUrl: server.databaseUrl,
    env: {
      SEFAZ: 'simulator',
      SEFAZ_URL: simulator.url,
      SEFAZ_CA_FILE: simulator.caPath,
      EMISSOR_DATA_DIR: dataDir(),
    },
  });
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

type Product = Awaited<ReturnType<TestServer['newProduct']>>;
let counter = 0;

/** A product with a live certificate on a fresh tenant and branch. */
async function branchWithCertificate(on: TestServer = server) {
  const product = await on.newProduct();
  const refs = { tenant_ref: `loja-${++counter}`, branch_ref: 'matriz' };
  const pfx = testPfx({ cnpj: EMITTER_CNPJ });
  const cert = await postCertificate(on.url, product.apiKey, refs, {
    cnpj: EMITTER_CNPJ,
    password: pfx.password,
    file: pfx.pfx,
  });
  if (cert.status !== 201) throw new Error(`certificate upload: ${cert.status}`);
  return { product, refs };
}

/** NFeStatusServico4 requests the local SEFAZ has received so far. */
function statusCalls(): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${simulator.url}/admin/stats`, { ca: simulator.caPem }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        const stats = JSON.parse(text) as { requests: Record<string, number> };
        resolve(stats.requests.NFeStatusServico4 ?? 0);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function status(
  product: Product,
  query: { tenant_ref: string; branch_ref: string; uf: string; ambiente: string },
  on: TestServer = server,
) {
  const res = await fetch(`${on.url}/v1/sefaz/status?${new URLSearchParams(query).toString()}`, {
    headers: { 'x-api-key': product.apiKey },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

/** Makes the cached answer of an authoriser look older than its 3 minutes. */
async function ageCache(autorizador: string, ambiente: string) {
  await sql`update sefaz_status set consultado_em = consultado_em - interval '4 minutes',
    tentado_em = tentado_em - interval '4 minutes'
    where autorizador = ${autorizador} and ambiente = ${ambiente}`.execute(server.database.db);
}

describe('GET /v1/sefaz/status', () => {
  it("answers the authoriser's status through @emissor/client, asked with the branch's certificate", async () => {
    const { product, refs } = await branchWithCertificate();
    const before = await statusCalls();
    const res = await product.client.sefaz.getSefazStatus({
      query: { ...refs, uf: 'SP', ambiente: 'homologacao' },
    });
    expect(res.status).toBe(200);
    if (res.status !== 200) throw new Error('status');
    expect(res.body).toEqual({
      uf: 'SP',
      ambiente: 'homologacao',
      autorizador: 'SP',
      codigo: '107',
      motivo: 'Serviço em Operação',
      tempo_medio_s: 1,
      consultado_em: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Math.abs(Date.parse(res.body.consultado_em) - Date.now())).toBeLessThan(60_000);
    expect(await statusCalls()).toBe(before + 1);
  });

  it('shares one answer per authoriser and ambiente for 3 minutes: repeated, concurrent, other UFs of SVRS, another process', async () => {
    const { product, refs } = await branchWithCertificate();
    const other = await branchWithCertificate(second);
    const before = await statusCalls();
    const first = await status(product, { ...refs, uf: 'SC', ambiente: 'homologacao' });
    expect(first.body).toMatchObject({ uf: 'SC', autorizador: 'SVRS', codigo: '107' });
    expect(await statusCalls()).toBe(before + 1);

    // Again, ten at once, another UF that SVRS serves, and the other API process: no new call.
    const burst = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        status(product, { ...refs, uf: 'SC', ambiente: 'homologacao' }),
      ),
      status(product, { ...refs, uf: 'PB', ambiente: 'homologacao' }),
      status(other.product, { ...other.refs, uf: 'SC', ambiente: 'homologacao' }, second),
    ]);
    for (const res of burst) {
      expect(res.status).toBe(200);
      expect(res.body.consultado_em).toBe(first.body.consultado_em);
    }
    expect(burst.at(-2)?.body).toMatchObject({ uf: 'PB', autorizador: 'SVRS' });
    expect(await statusCalls()).toBe(before + 1);

    // Another ambiente is another answer.
    const production = await status(product, { ...refs, uf: 'SC', ambiente: 'producao' });
    expect(production.body).toMatchObject({ ambiente: 'producao', codigo: '252' });
    expect(await statusCalls()).toBe(before + 2);

    // Once 3 minutes have passed, the next request asks again, and only one of a burst does.
    await ageCache('SVRS', 'homologacao');
    const later = await Promise.all([
      status(product, { ...refs, uf: 'SC', ambiente: 'homologacao' }),
      status(other.product, { ...other.refs, uf: 'RO', ambiente: 'homologacao' }, second),
      status(other.product, { ...other.refs, uf: 'SC', ambiente: 'homologacao' }, second),
    ]);
    expect(new Set(later.map((r) => r.body.consultado_em)).size).toBe(1);
    expect(later[0]?.body.consultado_em).not.toBe(first.body.consultado_em);
    expect(await statusCalls()).toBe(before + 3);
  });

  it('reports an authoriser out of service (108) as it answered', async () => {
    const { product, refs } = await branchWithCertificate();
    const admin = simulatorAdmin(simulator);
    await admin.knobs({ outage: { cStat: '108' } });
    try {
      const res = await status(product, { ...refs, uf: 'MG', ambiente: 'homologacao' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ autorizador: 'MG', codigo: '108', tempo_medio_s: null });
    } finally {
      await admin.knobs({ outage: null });
    }
  });

  it('404 without a live certificate for the branch (also another product’s), and nothing is asked', async () => {
    const { product, refs } = await branchWithCertificate();
    const stranger = await server.newProduct();
    const before = await statusCalls();
    for (const [who, query] of [
      [product, { ...refs, branch_ref: 'filial-sem-certificado' }],
      [stranger, refs],
    ] as const) {
      const res = await status(who, { ...query, uf: 'GO', ambiente: 'homologacao' });
      expect(res.status).toBe(404);
      expect(res.body.detail.code).toBe('certificate_not_found');
    }
    expect(await statusCalls()).toBe(before);
  });

  it('422 for a UF or ambiente that does not exist, or a missing parameter', async () => {
    const { product, refs } = await branchWithCertificate();
    const cases = [
      [{ ...refs, uf: 'XX', ambiente: 'homologacao' }, ['query', 'uf'], 'literal_error'],
      [{ ...refs, uf: 'sp', ambiente: 'homologacao' }, ['query', 'uf'], 'literal_error'],
      [{ ...refs, uf: 'SP', ambiente: 'teste' }, ['query', 'ambiente'], 'literal_error'],
      [
        { tenant_ref: refs.tenant_ref, uf: 'SP', ambiente: 'homologacao' },
        ['query', 'branch_ref'],
        'missing',
      ],
    ] as const;
    for (const [query, loc, type] of cases) {
      const res = await status(product, query as never);
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(res.body.detail).toContainEqual(expect.objectContaining({ loc, type }));
    }
  });

  it('401 without a key or with a wrong one', async () => {
    const query = 'tenant_ref=a&branch_ref=b&uf=SP&ambiente=homologacao';
    for (const headers of [{}, { 'x-api-key': 'emk_nope_nope' }] as Record<string, string>[]) {
      const res = await fetch(`${server.url}/v1/sefaz/status?${query}`, { headers });
      expect(res.status).toBe(401);
      expect(((await res.json()) as any).detail.code).toBe('unauthorized');
    }
  });
});

describe('GET /v1/sefaz/status without an answer, or without SEFAZ', () => {
  it('503 sefaz_unavailable with Retry-After when the authoriser does not answer; no new attempt within it', async () => {
    const closed = await freePort();
    const unreachable = await startTestServer({
      env: {
        SEFAZ: 'simulator',
        SEFAZ_URL: `https://127.0.0.1:${closed}`,
        SEFAZ_TIMEOUT_MS: '2000',
        EMISSOR_DATA_DIR: dataDir(),
      },
    });
    try {
      const { product, refs } = await branchWithCertificate(unreachable);
      const query = { ...refs, uf: 'BA', ambiente: 'homologacao' };
      const res = await status(product, query, unreachable);
      expect(res.status).toBe(503);
      expect(res.body.detail.code).toBe('sefaz_unavailable');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const attempt = async () =>
        (
          await sql<{ tentado_em: Date }>`select tentado_em from sefaz_status
            where autorizador = 'BA' and ambiente = 'homologacao'`.execute(unreachable.database.db)
        ).rows[0]?.tentado_em.getTime();
      const tried = await attempt();
      expect(tried).toBeDefined();
      const again = await status(product, query, unreachable);
      expect(again.status).toBe(503);
      expect(await attempt()).toBe(tried);
    } finally {
      await unreachable.close();
    }
  });

  it('409 sefaz_disabled with SEFAZ=off', async () => {
    const off = await startTestServer({ env: { SEFAZ: 'off' } });
    try {
      const { product, refs } = await branchWithCertificate(off);
      const res = await status(product, { ...refs, uf: 'SP', ambiente: 'homologacao' }, off);
      expect(res.status).toBe(409);
      expect(res.body.detail.code).toBe('sefaz_disabled');
    } finally {
      await off.close();
    }
  });
});
