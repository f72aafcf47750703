import { request } from 'node:https';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

import { freePort } from '@emissor/test-support';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createAuthoriserHealth } from '../src/modules/sefaz-status/authoriser-health.js';
import type { AskOutcome } from '../src/modules/sefaz-status/ask-outcome.js';
import { createStatusCache } from '../src/modules/sefaz-status/status-cache.js';
import { postCertificate, testPfx } from './helpers/certificates.js';
import { EMITTER_CNPJ, emissionRequest, prepareBranch } from './helpers/emission.js';
import { simulatorAdmin } from './helpers/local-sefaz.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// GET /v1/sefaz/status against the local SEFAZ the API starts in-process (real HTTPS, mutual TLS
// with the branch's certificate, real PostgreSQL). SEFAZ is asked at most once per authoriser and
// ambiente in 3 minutes: counted at the simulator, also across two API processes on one database.

let server: TestServer;
let second: TestServer;
let simulator: { url: string; caPem: string; caPath: string };

beforeAll(async () => {
  server = await startTestServer({ env: { SEFAZ: 'simulator' } });
  if (!server.sefazSimulator) throw new Error('SEFAZ=simulator started no local SEFAZ');
  simulator = server.sefazSimulator;
  // A second API process on the same database, sending to the first one's local SEFAZ.
  second = await startTestServer({
    databaseUrl: server.databaseUrl,
    env: {
      SEFAZ: 'simulator',
      SEFAZ_URL: simulator.url,
      SEFAZ_CA_FILE: simulator.caPath,
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

/**
 * A TCP door in front of `target`: open, it passes bytes both ways (TLS stays end to end); closed,
 * it cuts every connection, those already passing included, as a network outage would.
 */
async function doorTo(target: URL) {
  let isOpen = true;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const door = createServer((client) => {
    track(client);
    if (!isOpen) return client.destroy();
    const upstream = connect(Number(target.port), target.hostname);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => door.listen(0, '127.0.0.1', resolve));
  return {
    port: (door.address() as AddressInfo).port,
    open: () => void (isOpen = true),
    close: () => {
      isOpen = false;
      for (const socket of sockets) socket.destroy();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        door.close(() => resolve());
      }),
  };
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
      idade_s: 0,
      modo: 'normal',
      modo_desde: null,
      modo_motivo: null,
    });
    expect(res.headers.get('age')).toBe('0');
    expect(Math.abs(Date.parse(res.body.consultado_em) - Date.now())).toBeLessThan(60_000);
    expect(await statusCalls()).toBe(before + 1);
  });

  it('says how old a shared answer is: idade_s in the body, the same in the Age header', async () => {
    const { product, refs } = await branchWithCertificate();
    const query = { ...refs, uf: 'PR', ambiente: 'homologacao' };
    const first = await status(product, query);
    expect(first.body.idade_s).toBe(0);
    await sql`update sefaz_status set consultado_em = consultado_em - interval '100 seconds'
      where autorizador = 'PR' and ambiente = 'homologacao'`.execute(server.database.db);
    const shared = await status(product, query);
    expect(shared.status).toBe(200);
    expect(shared.body.idade_s).toBeGreaterThanOrEqual(100);
    expect(shared.body.idade_s).toBeLessThan(110);
    expect(shared.headers.get('age')).toBe(String(shared.body.idade_s));
    expect(Date.parse(first.body.consultado_em) - Date.parse(shared.body.consultado_em)).toBe(
      100_000,
    );
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

  it('a failure is not served after an exchange with that authoriser succeeded: the next request asks again', async () => {
    // SEFAZ behind a door this test opens and closes: closed, every connection is cut.
    const door = await doorTo(new URL(simulator.url));
    const flaky = await startTestServer({
      env: {
        SEFAZ: 'simulator',
        SEFAZ_URL: `https://127.0.0.1:${door.port}`,
        SEFAZ_CA_FILE: simulator.caPath,
        SEFAZ_TIMEOUT_MS: '2000',
      },
    });
    try {
      const product = await flaky.newProduct();
      const refs = { tenant_ref: 'recupera', branch_ref: 'matriz' };
      await prepareBranch(flaky.url, product, refs);
      const query = { ...refs, uf: 'SP', ambiente: 'homologacao' };

      door.close();
      const down = await status(product, query, flaky);
      expect(down.status).toBe(503);
      expect(down.body.detail.code).toBe('sefaz_unavailable');

      // SEFAZ is back: a document of SP (homologação) is authorised through the same authoriser.
      door.open();
      const emitted = await product.client.emit(emissionRequest(refs), { wait: 20 });
      expect(emitted.status === 201 && emitted.body.status).toBe('autorizada');

      const calls = await statusCalls();
      const back = await status(product, query, flaky);
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ autorizador: 'SP', codigo: '107', idade_s: 0 });
      expect(back.headers.get('retry-after')).toBeNull();
      expect(await statusCalls()).toBe(calls + 1);
    } finally {
      await flaky.close();
      await door.stop();
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

// The status cache on the test server's database, with an ask the test plays and a health clock
// it moves: when a failure may be asked again, and when asking again must stop.
describe('a failure superseded by an exchange', () => {
  const failing = (): Promise<AskOutcome> =>
    Promise.resolve({ kind: 'failed', reason: 'status down' });
  const answering = (): Promise<AskOutcome> =>
    Promise.resolve({
      kind: 'answer',
      codigo: '107',
      motivo: 'Serviço em Operação',
      tempoMedioS: 1,
    });

  function cacheWithHealth(autorizador: string) {
    let now = 0;
    const health = createAuthoriserHealth(() => now);
    const cache = createStatusCache(server.database.db, health);
    const key = { autorizador, ambiente: 'homologacao' };
    let asks = 0;
    const get = (ask: () => Promise<AskOutcome>) =>
      cache.get(key, () => {
        asks++;
        return ask();
      });
    return {
      key,
      get,
      asks: () => asks,
      answered: () => health.answered(key),
      advance: (ms: number) => void (now += ms),
    };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('an exchange before the failure changes nothing; one after it lets the next request ask', async () => {
    const c = cacheWithHealth('RECOVERY-A');
    c.answered();
    c.advance(60_000);
    expect((await c.get(failing)).kind).toBe('failed');
    expect((await c.get(answering)).kind).toBe('failed');
    expect(c.asks()).toBe(1);
    await settle();
    c.answered();
    expect(await c.get(answering)).toMatchObject({ kind: 'answer', answer: { codigo: '107' } });
    expect(c.asks()).toBe(2);
  });

  it('when asking again fails too, failures keep their wait, whatever exchanges say, until a status answer', async () => {
    const c = cacheWithHealth('RECOVERY-B');
    expect((await c.get(failing)).kind).toBe('failed');
    await settle();
    c.answered();
    expect((await c.get(failing)).kind).toBe('failed'); // asked again: the status call still fails
    expect(c.asks()).toBe(2);
    for (let i = 0; i < 3; i++) {
      await settle();
      c.answered();
      expect((await c.get(answering)).kind).toBe('failed');
    }
    expect(c.asks()).toBe(2);

    // Its wait over, the failure is asked again as any is; an answer lets exchanges count again.
    await sql`update sefaz_status set tentado_em = tentado_em - interval '91 seconds'
      where autorizador = ${c.key.autorizador}`.execute(server.database.db);
    expect((await c.get(answering)).kind).toBe('answer');
    await sql`update sefaz_status set consultado_em = consultado_em - interval '4 minutes'
      where autorizador = ${c.key.autorizador}`.execute(server.database.db);
    expect((await c.get(failing)).kind).toBe('failed');
    await settle();
    c.answered();
    expect((await c.get(answering)).kind).toBe('answer');
    expect(c.asks()).toBe(5);
  });
});
