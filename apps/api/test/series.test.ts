import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let refCounter = 0;
const freshRefs = () => ({ tenant_ref: `tenant-${++refCounter}`, branch_ref: 'branch-1' });

async function raw(
  method: string,
  path: string,
  apiKey: string,
  body?: unknown,
  contentType = 'application/json',
) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'x-api-key': apiKey,
      ...(body !== undefined ? { 'content-type': contentType } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('series', () => {
  it('creates a series (model defaults to 55) and lists it', async () => {
    const { client, id } = await server.newProduct();
    const refs = freshRefs();
    const created = await client.series.createSeries({
      body: { ...refs, serie: 1, next_number: 10 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      product_id: id,
      ...refs,
      document_model: '55',
      serie: 1,
      next_number: 10,
    });
    const list = await client.series.listSeries({ query: refs });
    expect(list).toMatchObject({ status: 200, body: [created.body] });
  });

  it('lists series by serie ascending, only for the asked tenant and branch', async () => {
    const { client } = await server.newProduct();
    const refs = freshRefs();
    for (const serie of [7, 0, 3]) {
      expect(
        (await client.series.createSeries({ body: { ...refs, serie, next_number: 1 } })).status,
      ).toBe(201);
    }
    await client.series.createSeries({
      body: { ...refs, branch_ref: 'other', serie: 1, next_number: 1 },
    });
    const list = await client.series.listSeries({ query: refs });
    expect(list.status === 200 && list.body.map((s) => s.serie)).toEqual([0, 3, 7]);
  });

  it('refuses a duplicate with 409 series_already_exists, also when created concurrently', async () => {
    const { client } = await server.newProduct();
    const refs = freshRefs();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        client.series.createSeries({ body: { ...refs, serie: 2, next_number: 1 } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const conflicts = results.filter((r) => r.status === 409);
    expect(conflicts).toHaveLength(7);
    expect(conflicts[0]!.body).toMatchObject({ detail: { code: 'series_already_exists' } });
    const list = await client.series.listSeries({ query: refs });
    expect(list.status === 200 && list.body).toHaveLength(1);
  });

  it('lets two tenants of one product, and two products, reuse the same refs', async () => {
    const a = await server.newProduct();
    const b = await server.newProduct();
    const refs = freshRefs();
    expect(
      (await a.client.series.createSeries({ body: { ...refs, serie: 1, next_number: 1 } })).status,
    ).toBe(201);
    expect(
      (
        await a.client.series.createSeries({
          body: { ...refs, tenant_ref: `${refs.tenant_ref}-b`, serie: 1, next_number: 1 },
        })
      ).status,
    ).toBe(201);
    expect(
      (await b.client.series.createSeries({ body: { ...refs, serie: 1, next_number: 1 } })).status,
    ).toBe(201);
  });

  it('patches next_number, and only that', async () => {
    const { client } = await server.newProduct();
    const created = await client.series.createSeries({
      body: { ...freshRefs(), serie: 5, next_number: 1 },
    });
    if (created.status !== 201) throw new Error('setup');
    const patched = await client.series.patchSeries({
      params: { series_id: created.body.id },
      body: { next_number: 500 },
    });
    expect(patched).toMatchObject({ status: 200, body: { ...created.body, next_number: 500 } });
  });

  it("hides other products' series: PATCH gives 404 and the list is empty", async () => {
    const owner = await server.newProduct();
    const other = await server.newProduct();
    const refs = freshRefs();
    const created = await owner.client.series.createSeries({
      body: { ...refs, serie: 1, next_number: 1 },
    });
    if (created.status !== 201) throw new Error('setup');
    const patch = await other.client.series.patchSeries({
      params: { series_id: created.body.id },
      body: { next_number: 9 },
    });
    expect(patch).toMatchObject({ status: 404, body: { detail: { code: 'series_not_found' } } });
    const list = await other.client.series.listSeries({ query: refs });
    expect(list).toMatchObject({ status: 200, body: [] });
    const unchanged = await owner.client.series.listSeries({ query: refs });
    expect(unchanged.status === 200 && unchanged.body[0]!.next_number).toBe(1);
  });

  it('answers 404 for a series id that does not exist', async () => {
    const { client } = await server.newProduct();
    const res = await client.series.patchSeries({
      params: { series_id: '00000000-0000-4000-8000-000000000000' },
      body: { next_number: 2 },
    });
    expect(res.status).toBe(404);
  });
});

describe('series: bad input is a 422 that changes nothing', () => {
  const base = { tenant_ref: 'tv', branch_ref: 'bv', serie: 1, next_number: 1 };
  const createCases: [string, unknown, (string | number)[], string][] = [
    ['serie below 0', { ...base, serie: -1 }, ['body', 'serie'], 'greater_than_equal'],
    ['serie above 999', { ...base, serie: 1000 }, ['body', 'serie'], 'less_than_equal'],
    ['next_number 0', { ...base, next_number: 0 }, ['body', 'next_number'], 'greater_than_equal'],
    [
      'next_number above 999999999',
      { ...base, next_number: 1_000_000_000 },
      ['body', 'next_number'],
      'less_than_equal',
    ],
    ['model 65', { ...base, document_model: '65' }, ['body', 'document_model'], 'literal_error'],
    [
      'tenant_ref over 64',
      { ...base, tenant_ref: 'x'.repeat(65) },
      ['body', 'tenant_ref'],
      'string_too_long',
    ],
    [
      'missing branch_ref',
      { tenant_ref: 't', serie: 1, next_number: 1 },
      ['body', 'branch_ref'],
      'missing',
    ],
    ['serie as float', { ...base, serie: 1.5 }, ['body', 'serie'], 'int_from_float'],
    ['serie as text', { ...base, serie: 'one' }, ['body', 'serie'], 'int_parsing'],
    ['body not an object', [1, 2], ['body'], 'model_attributes_type'],
  ];
  it.each(createCases)('POST with %s', async (_name, body, loc, type) => {
    const { apiKey, client } = await server.newProduct();
    const res = await raw('POST', '/v1/series', apiKey, body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual(
      expect.arrayContaining([expect.objectContaining({ loc, type })]),
    );
    const list = await client.series.listSeries({ query: { tenant_ref: 'tv', branch_ref: 'bv' } });
    expect(list).toMatchObject({ status: 200, body: [] });
  });

  it('POST with malformed JSON → json_invalid', async () => {
    const { apiKey } = await server.newProduct();
    const res = await raw('POST', '/v1/series', apiKey, '{"serie": 1,');
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body'], type: 'json_invalid' });
  });

  it('POST with a non-JSON content type → 415 unsupported_media_type', async () => {
    const { apiKey } = await server.newProduct();
    const res = await raw('POST', '/v1/series', apiKey, 'serie=1', 'text/plain');
    expect(res.status).toBe(415);
    expect(res.body.detail.code).toBe('unsupported_media_type');
  });

  it('GET without the required query → missing on each', async () => {
    const { apiKey } = await server.newProduct();
    const res = await raw('GET', '/v1/series', apiKey);
    expect(res.status).toBe(422);
    expect(res.body.detail.map((d: { loc: unknown }) => d.loc)).toEqual([
      ['query', 'tenant_ref'],
      ['query', 'branch_ref'],
    ]);
  });

  const patchCases: [string, unknown, (string | number)[], string][] = [
    ['null next_number', { next_number: null }, ['body', 'next_number'], 'int_parsing'],
    ['unknown property', { next_number: 2, serie: 3 }, ['body', 'serie'], 'extra_forbidden'],
    ['next_number 0', { next_number: 0 }, ['body', 'next_number'], 'greater_than_equal'],
    ['empty body', {}, ['body', 'next_number'], 'missing'],
  ];
  it.each(patchCases)('PATCH with %s', async (_name, body, loc, type) => {
    const { apiKey, client } = await server.newProduct();
    const created = await client.series.createSeries({
      body: { ...base, serie: 4, next_number: 7 },
    });
    if (created.status !== 201) throw new Error('setup');
    const res = await raw('PATCH', `/v1/series/${created.body.id}`, apiKey, body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual(
      expect.arrayContaining([expect.objectContaining({ loc, type })]),
    );
    const list = await client.series.listSeries({ query: { tenant_ref: 'tv', branch_ref: 'bv' } });
    expect(list.status === 200 && list.body[0]!.next_number).toBe(7);
  });

  it('PATCH with a path id that is not a UUID → uuid_parsing on the path', async () => {
    const { apiKey } = await server.newProduct();
    const res = await raw('PATCH', '/v1/series/not-a-uuid', apiKey, { next_number: 2 });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['path', 'series_id'], type: 'uuid_parsing' });
  });
});
