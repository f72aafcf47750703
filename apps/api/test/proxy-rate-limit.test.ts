import http from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { spawnApi, waitUntilReady, type ApiProcess } from './helpers/api-process.js';
import { startForwardingProxy, type ForwardingProxy } from './helpers/forwarding-proxy.js';
import { startTestServer } from './helpers/server.js';

interface Answer {
  status: number;
  retryAfter?: string;
  requestId?: string;
}

/** A GET sent from `localAddress` (all of 127.0.0.0/8 is local on Linux), as a distinct client. */
function getFrom(
  localAddress: string,
  url: string,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname + u.search, localAddress, headers },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/*
 * The deployment of docker/compose.yaml in small: a load balancer (a real proxy process in front)
 * and two API processes on one database, every request reaching an API from the proxy's address.
 */
const apis: ApiProcess[] = [];
let proxy: ForwardingProxy;
let keys: { attacker: string; neighbour: string; attackersOwn: string };
let productKeyIdOfAttacker: string;

beforeAll(async () => {
  const setup = await startTestServer();
  const databaseUrl = setup.databaseUrl;
  const neighbour = await setup.newProduct('neighbour');
  const own = await setup.newProduct('attacker-own');
  await setup.close();
  productKeyIdOfAttacker = own.apiKey.split('_')[1] as string;
  keys = { attacker: 'emk_not-a-key', neighbour: neighbour.apiKey, attackersOwn: own.apiKey };

  // Only the proxy (127.0.0.1) is believed about X-Forwarded-For.
  apis.push(
    ...(await Promise.all([
      spawnApi(databaseUrl, { TRUST_PROXY: '127.0.0.1' }),
      spawnApi(databaseUrl, { TRUST_PROXY: '127.0.0.1' }),
    ])),
  );
  await Promise.all(apis.map((api) => waitUntilReady(api)));
  proxy = await startForwardingProxy(apis.map((api) => api.url));
});

afterAll(async () => {
  await proxy?.close();
  for (const api of apis) {
    api.child.kill('SIGTERM');
    await api.exited;
  }
});

describe('the failed-authentication limiter behind a load balancer', () => {
  it('limits the client that sends wrong keys, never another client, and never a valid key', async () => {
    const list = `${proxy.url}/v1/series?tenant_ref=t&branch_ref=b`;
    const attacker = '127.0.0.2';
    const other = '127.0.0.3';

    // 42 wrong keys through the proxy: made-up ones, well-formed unknown ids, and a live key id
    // with a wrong secret; each with a forged X-Forwarded-For that must not spread the count.
    const wrong = (i: number) =>
      [
        `emk_bad_${i}`,
        `emk_${i.toString(16).padStart(16, '0')}_${'A'.repeat(43)}`,
        `emk_${productKeyIdOfAttacker}_${String(i).padStart(43, 'x')}`,
      ][i % 3] as string;
    const failures: Answer[] = [];
    for (let i = 0; i < 42; i++)
      failures.push(
        await getFrom(attacker, list, { 'x-api-key': wrong(i), 'x-forwarded-for': `10.0.0.${i}` }),
      );
    const statuses = failures.map((f) => f.status);
    // 20 full-price failures per process and window, then 429 with a Retry-After.
    expect(statuses.filter((s) => s === 401)).toHaveLength(40);
    expect(statuses.slice(40)).toEqual([429, 429]);
    const retry = Number(failures[41]?.retryAfter);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);

    // Another client behind the same proxy, with its valid key, on both processes: 200.
    for (let i = 0; i < 4; i++)
      expect((await getFrom(other, list, { 'x-api-key': keys.neighbour })).status).toBe(200);
    // The limited client itself, with a valid key never seen before (no cache, a real bcrypt): 200.
    for (let i = 0; i < 4; i++)
      expect((await getFrom(attacker, list, { 'x-api-key': keys.attackersOwn })).status).toBe(200);
    // Its wrong keys are still limited, on both processes.
    for (let i = 0; i < 2; i++)
      expect((await getFrom(attacker, list, { 'x-api-key': keys.attacker })).status).toBe(429);
    // The neighbour's own mistakes are its own: a 401, not the attacker's 429.
    expect((await getFrom(other, list, { 'x-api-key': `${keys.neighbour}x` })).status).toBe(401);
  });

  it('counts a client that reaches an API directly by its socket address, whatever X-Forwarded-For says', async () => {
    // Straight to one API (not through the proxy): 127.0.0.4 is no trusted proxy, so its forged
    // X-Forwarded-For is ignored and all of its failures count against 127.0.0.4 itself.
    const [api] = apis;
    const url = `${api!.url}/v1/series?tenant_ref=t&branch_ref=b`;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (
          await getFrom('127.0.0.4', url, {
            'x-api-key': `emk_forged_${i}`,
            'x-forwarded-for': `192.0.2.${i}`,
          })
        ).status,
      );
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
    expect((await getFrom('127.0.0.4', url, { 'x-api-key': keys.neighbour })).status).toBe(200);
  });
});
