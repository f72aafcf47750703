import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emissionRequest, newKey, prepareBranch } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const body = line.slice(name.length + 1, line.lastIndexOf('}'));
    const found = Object.fromEntries(
      [...body.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (
      Object.entries(labels).every(([k, v]) => found[k] === v) &&
      Object.keys(found).length === Object.keys(labels).length
    ) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}

describe('GET /metrics', () => {
  let enabled: TestServer;
  let other: TestServer;
  beforeAll(async () => {
    // Two apps in one process: each has its own registry, so neither sees the other's counts.
    [enabled, other] = await Promise.all([
      startTestServer({ env: { METRICS_ENABLED: 'true' } }),
      startTestServer({ env: { METRICS_ENABLED: 'true' } }),
    ]);
  });
  afterAll(() => Promise.all([enabled.close(), other.close()]));

  it('is a 404 unless METRICS_ENABLED=true', async () => {
    const off = await startTestServer();
    try {
      const res = await fetch(`${off.url}/metrics`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ detail: { code: 'not_found' } });
    } finally {
      await off.close();
    }
  });

  it('counts requests by contract route and status, emissions by outcome, and the pool', async () => {
    const product = await enabled.newProduct();
    const refs = { tenant_ref: 'metrics-t', branch_ref: 'metrics-b' };
    await prepareBranch(enabled.url, product, refs);
    const key = newKey();
    const body = emissionRequest(refs);
    expect(
      (await product.client.emissions.emit({ headers: { 'idempotency-key': key }, body })).status,
    ).toBe(201);
    expect(
      (await product.client.emissions.emit({ headers: { 'idempotency-key': key }, body })).status,
    ).toBe(200);
    const missing = emissionRequest({ ...refs, branch_ref: 'no-series' });
    expect(
      (
        await product.client.emissions.emit({
          headers: { 'idempotency-key': newKey() },
          body: missing,
        })
      ).status,
    ).toBe(404);
    const docId = '6f1c2a8e-0000-4000-8000-000000000000';
    expect(
      (await product.client.documents.getDocument({ params: { document_id: docId } })).status,
    ).toBe(404);
    await fetch(`${enabled.url}/v1/series?tenant_ref=a&branch_ref=b`, {
      headers: { 'x-api-key': 'emk_wrong_key' },
    });
    // Labels come from the route ts-rest matched: a literal path, a path with parameters, a 415
    // refused before the key check, and requests no route matched (the URL never becomes a label).
    await fetch(`${enabled.url}/v1/health/ready`);
    await fetch(`${enabled.url}/v1/documentos/${docId}/xml`, {
      headers: { 'x-api-key': product.apiKey },
    });
    await fetch(`${enabled.url}/v1/series/abc`, {
      method: 'PATCH',
      headers: { 'x-api-key': product.apiKey, 'content-type': 'text/plain' },
      body: 'x',
    });
    await fetch(`${enabled.url}/v1/series/abc`, { headers: { 'x-api-key': product.apiKey } });
    await fetch(`${enabled.url}/wp-admin/secret-token`);

    // No product key: a scraper has none.
    const res = await fetch(`${enabled.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();

    const requests = (route: string, method: string, status: string) =>
      sample(text, 'emissor_http_requests_total', { method, route, status });
    expect(requests('/v1/emissoes', 'POST', '201')).toBe(1);
    expect(requests('/v1/emissoes', 'POST', '200')).toBe(1);
    expect(requests('/v1/emissoes', 'POST', '404')).toBe(1);
    expect(requests('/v1/documentos/:document_id', 'GET', '404')).toBe(1);
    expect(requests('/v1/series', 'GET', '401')).toBe(1);
    expect(requests('/v1/health/ready', 'GET', '200')).toBe(1);
    expect(requests('/v1/documentos/:document_id/xml', 'GET', '404')).toBe(1);
    expect(requests('/v1/series/:series_id', 'PATCH', '415')).toBe(1);
    expect(requests('unmatched', 'GET', '404')).toBe(2);
    expect(text).not.toContain(docId);
    expect(text).not.toContain('secret-token');

    const emissions = (outcome: string, status: string) =>
      sample(text, 'emissor_emissions_total', { outcome, status });
    expect(emissions('created', '201')).toBe(1);
    expect(emissions('replayed', '200')).toBe(1);
    expect(emissions('refused', '404')).toBe(1);
    expect(sample(text, 'emissor_emission_duration_seconds_count', { outcome: 'created' })).toBe(1);
    expect(
      sample(text, 'emissor_emission_duration_seconds_sum', { outcome: 'created' }),
    ).toBeGreaterThan(0);

    expect(sample(text, 'emissor_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(sample(text, 'emissor_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(
      0,
    );
    expect(sample(text, 'emissor_db_pool_connections', { state: 'waiting' })).toBe(0);
    for (const secret of [product.apiKey, 'emk_wrong_key', refs.tenant_ref])
      expect(text).not.toContain(secret);

    // The other app in this process counted none of it.
    const otherText = await (await fetch(`${other.url}/metrics`)).text();
    expect(
      sample(otherText, 'emissor_emissions_total', { outcome: 'created', status: '201' }),
    ).toBeUndefined();
  });
});
