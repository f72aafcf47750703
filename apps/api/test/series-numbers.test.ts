// PATCH next_number may not move a counter to or behind a number its series has used (docs/api-rules.md,
// "Series and numbers"), decided under the series row lock; and an emission never turns a used
// number into a 500. Real HTTP on real PostgreSQL, with real concurrent requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emissionRequest, newKey, prepareBranch } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let branches = 0;
const refs = () => ({ tenant_ref: 'numbers', branch_ref: `filial-${++branches}` });

async function request(apiKey: string, method: string, path: string, body: unknown, key?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'x-api-key': apiKey,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function emitted(apiKey: string, r: ReturnType<typeof refs>, count: number) {
  const answers = await Promise.all(
    Array.from({ length: count }, () =>
      request(apiKey, 'POST', '/v1/emissoes', emissionRequest(r), newKey()),
    ),
  );
  return answers;
}

async function seriesState(seriesId: string) {
  const { rows } = await server.database.pool.query<{
    next_number: number;
    highest: number | null;
  }>(
    `select s.next_number, (select max(numero) from documents d where d.series_id = s.id) as highest
     from series s where s.id = $1`,
    [seriesId],
  );
  return rows[0]!;
}

describe('PATCH next_number against used numbers', () => {
  it('to or behind a used number → 409 series_number_in_use, counter unchanged; above → 200', async () => {
    const product = await server.newProduct();
    const r = refs();
    const { seriesId } = await prepareBranch(server.url, product, r, { nextNumber: 10 });
    expect((await emitted(product.apiKey, r, 3)).map((a) => a.status)).toEqual([201, 201, 201]);

    for (const next of [1, 10, 11, 12]) {
      const res = await request(product.apiKey, 'PATCH', `/v1/series/${seriesId}`, {
        next_number: next,
      });
      expect(res).toEqual({
        status: 409,
        body: {
          detail: {
            code: 'series_number_in_use',
            message: 'next_number must be above 12, the highest number this series has used.',
          },
        },
      });
    }
    expect(await seriesState(seriesId)).toEqual({ next_number: 13, highest: 12 });

    // A gap below the counter is fine to leave; moving it forward past the highest used is allowed.
    const forward = await request(product.apiKey, 'PATCH', `/v1/series/${seriesId}`, {
      next_number: 13,
    });
    expect(forward.status).toBe(200);
    const jump = await request(product.apiKey, 'PATCH', `/v1/series/${seriesId}`, {
      next_number: 500,
    });
    expect(jump).toMatchObject({ status: 200, body: { next_number: 500 } });
    const [after] = await emitted(product.apiKey, r, 1);
    expect(after).toMatchObject({ status: 201, body: { numero: 500 } });
  });

  it('a series with no document yet may be set to any number, down as well as up', async () => {
    const product = await server.newProduct();
    const r = refs();
    const { seriesId } = await prepareBranch(server.url, product, r, { nextNumber: 10 });
    for (const next of [3, 1, 999]) {
      const res = await request(product.apiKey, 'PATCH', `/v1/series/${seriesId}`, {
        next_number: next,
      });
      expect(res).toMatchObject({ status: 200, body: { next_number: next } });
    }
  });

  it('racing emissions: every PATCH is a 200 or a 409, no emission fails, numbers stay unique', async () => {
    const product = await server.newProduct();
    const r = refs();
    const { seriesId } = await prepareBranch(server.url, product, r);
    let stop = false;
    const emissionStatuses: number[] = [];
    const emitters = Array.from({ length: 8 }, async () => {
      while (!stop) {
        const [a] = await emitted(product.apiKey, r, 1);
        emissionStatuses.push(a!.status);
      }
    });
    // Patches try to pull the counter back onto used numbers, and sometimes push it forward.
    const patchStatuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const { next_number } = await seriesState(seriesId);
      const target = i % 10 === 9 ? next_number + 5 : Math.max(1, next_number - 1 - (i % 3));
      const res = await request(product.apiKey, 'PATCH', `/v1/series/${seriesId}`, {
        next_number: target,
      });
      patchStatuses.push(res.status);
      if (res.status === 409) expect(res.body.detail.code).toBe('series_number_in_use');
    }
    stop = true;
    await Promise.all(emitters);

    expect(new Set(emissionStatuses)).toEqual(new Set([201]));
    expect(patchStatuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(patchStatuses).toContain(409);
    const state = await seriesState(seriesId);
    expect(state.next_number).toBeGreaterThan(state.highest ?? 0);
    const { rows } = await server.database.pool.query<{ n: number; distinct: number }>(
      'select count(*)::int as n, count(distinct numero)::int as distinct from documents where series_id = $1',
      [seriesId],
    );
    expect(rows[0]!.n).toBe(emissionStatuses.length);
    expect(rows[0]!.distinct).toBe(rows[0]!.n);
  });

  it('a counter already behind a used number (an old PATCH) makes no emission fail: they skip past it', async () => {
    const product = await server.newProduct();
    const r = refs();
    const { seriesId } = await prepareBranch(server.url, product, r);
    expect((await emitted(product.apiKey, r, 5)).map((a) => a.status)).toEqual(Array(5).fill(201));
    // What a PATCH could do before it was checked: the counter back on used numbers.
    await server.database.pool.query('update series set next_number = 2 where id = $1', [seriesId]);
    const answers = await emitted(product.apiKey, r, 8);
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(answers.map((a) => a.body.numero as number).sort((x, y) => x - y)).toEqual([
      6, 7, 8, 9, 10, 11, 12, 13,
    ]);
    expect(await seriesState(seriesId)).toEqual({ next_number: 14, highest: 13 });
  });
});
