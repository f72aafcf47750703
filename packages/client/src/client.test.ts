import { describe, expect, it } from 'vitest';

import { createEmissorClient } from './client.js';
import type { FetchLike } from './fetcher.js';

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch that records each call and answers with `respond`. */
function fakeFetch(respond: (call: Call) => Response) {
  const calls: Call[] = [];
  const fetch: FetchLike = (url, init) => {
    const call = { url, init };
    calls.push(call);
    return Promise.resolve(respond(call));
  };
  return { calls, fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

const headersOf = (call: Call | undefined) => new Headers(call?.init.headers);

describe('createEmissorClient', () => {
  it('sends the API key, the path under /v1 and the query', async () => {
    const { calls, fetch } = fakeFetch(() => json(200, []));
    const client = createEmissorClient({ baseUrl: 'http://api.test/', apiKey: 'emk_a_b', fetch });
    const res = await client.series.listSeries({ query: { tenant_ref: 't 1', branch_ref: 'b' } });
    expect(res).toMatchObject({ status: 200, body: [] });
    expect(calls[0]?.url).toBe('http://api.test/v1/series?tenant_ref=t%201&branch_ref=b');
    expect(headersOf(calls[0]).get('x-api-key')).toBe('emk_a_b');
  });

  it('returns declared error statuses as values', async () => {
    const { fetch } = fakeFetch(() =>
      json(404, { detail: { code: 'document_not_found', message: 'No such document.' } }),
    );
    const client = createEmissorClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch });
    const res = await client.documents.getDocument({
      params: { document_id: '0b8f0c8e-2d7a-4f62-9a55-8a3c8d0f1e21' },
    });
    expect(res.status).toBe(404);
    if (res.status === 404) expect(res.body.detail.code).toBe('document_not_found');
  });

  it('throws on a status the route does not declare', async () => {
    const { fetch } = fakeFetch(() => json(418, {}));
    const client = createEmissorClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch });
    await expect(client.health.getHealth()).rejects.toThrow(/418/);
  });

  it('sends the idempotency key and the JSON body of an emission', async () => {
    const { calls, fetch } = fakeFetch(() => json(422, { detail: [] }));
    const client = createEmissorClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch });
    // Only the wire matters here; the body is not validated on the client.
    const body = { tenant_ref: 't' } as unknown as Parameters<
      typeof client.emissions.emit
    >[0]['body'];
    await client.emissions.emit({ headers: { 'idempotency-key': 'key-1' }, body });
    expect(calls[0]?.init.method).toBe('POST');
    expect(headersOf(calls[0]).get('idempotency-key')).toBe('key-1');
    expect(headersOf(calls[0]).get('content-type')).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"tenant_ref":"t"}');
  });

  it('reads the XML route as a string', async () => {
    const xml = '<NFe xmlns="http://www.portalfiscal.inf.br/nfe"/>';
    const { fetch } = fakeFetch(
      () =>
        new Response(xml, {
          status: 200,
          headers: { 'content-type': 'application/xml; charset=utf-8' },
        }),
    );
    const client = createEmissorClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch });
    const res = await client.documents.getDocumentXml({
      params: { document_id: '0b8f0c8e-2d7a-4f62-9a55-8a3c8d0f1e21' },
    });
    expect(res.body).toBe(xml);
  });

  it('gives 204 an undefined body', async () => {
    const { calls, fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    const client = createEmissorClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch });
    const res = await client.certificates.deleteCertificate({
      query: { tenant_ref: 't', branch_ref: 'b' },
    });
    expect(res).toMatchObject({ status: 204, body: undefined });
    expect(calls[0]?.init.method).toBe('DELETE');
  });
});

describe('uploadCertificate', () => {
  it('sends a multipart form whose text fields are not JSON-quoted', async () => {
    const { calls, fetch } = fakeFetch(() => json(201, {}));
    const client = createEmissorClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch });
    const pfx = new Uint8Array([0x30, 0x82, 0x01]);
    await client.uploadCertificate({
      query: { tenant_ref: 't', branch_ref: 'b' },
      cnpj: '12345678000195',
      password: 's3cret',
      file: pfx,
    });

    expect(calls[0]?.url).toBe('http://api.test/v1/certificados?tenant_ref=t&branch_ref=b');
    // fetch must set the multipart content type itself, with the boundary.
    expect(headersOf(calls[0]).get('content-type')).toBeNull();
    const form = calls[0]?.init.body;
    if (!(form instanceof FormData)) throw new Error('body is not FormData');
    expect(form.get('cnpj')).toBe('12345678000195');
    expect(form.get('password')).toBe('s3cret');
    const file = form.get('file');
    if (!(file instanceof File)) throw new Error('file is not a File');
    expect(file.name).toBe('certificate.pfx');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pfx);
  });

  it('keeps a given file name, and the typed route builds the same form from a plain object', async () => {
    const { calls, fetch } = fakeFetch(() => json(201, {}));
    const client = createEmissorClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch });
    const blob = new Blob([new Uint8Array([1, 2])]);
    await client.uploadCertificate({
      query: { tenant_ref: 't', branch_ref: 'b' },
      cnpj: 'c',
      password: 'p',
      file: blob,
      filename: 'a1.pfx',
    });
    await client.certificates.uploadCertificate({
      query: { tenant_ref: 't', branch_ref: 'b' },
      body: { cnpj: 'c', password: 'p "quoted"', file: blob },
    });
    const [first, second] = calls.map((c) => c.init.body as FormData);
    expect((first?.get('file') as File).name).toBe('a1.pfx');
    expect(second?.get('password')).toBe('p "quoted"');
    expect(second?.get('file')).toBeInstanceOf(Blob);
  });
});
