// The emission example of GET /v1/openapi.json, posted byte for byte as the document gives it, to
// an API transmitting to the local SEFAZ: a reader who copies it from /docs gets an authorised NF-e.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { postCertificate, testPfx } from './helpers/certificates.js';
import { newKey } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      SEFAZ: 'simulator',
      EMISSOR_DATA_DIR: mkdtempSync(join(tmpdir(), 'emissor-openapi-example-')),
      SEFAZ_POLL_MS: '50',
    },
  });
});
afterAll(() => server.close());

describe('the OpenAPI emission example', () => {
  it('is authorised when posted verbatim (after the series and certificate it names)', async () => {
    const served = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as any;
    const examples = served.paths['/v1/emissoes'].post.requestBody.content['application/json']
      .examples as Record<string, { value: Record<string, any> }>;
    const [example] = Object.values(examples);
    if (!example) throw new Error('the emission has no example');
    const body = example.value;

    const product = await server.newProduct();
    const refs = { tenant_ref: body.tenant_ref as string, branch_ref: body.branch_ref as string };
    const series = await product.client.series.createSeries({
      body: { ...refs, serie: body.serie as number, next_number: 1 },
    });
    expect(series.status).toBe(201);
    const cnpj = body.emitente.cnpj as string;
    const pfx = testPfx({ cnpj });
    const cert = await postCertificate(server.url, product.apiKey, refs, {
      cnpj,
      password: pfx.password,
      file: pfx.pfx,
    });
    expect(cert.status, JSON.stringify(cert.body)).toBe(201);

    const res = await fetch(`${server.url}/v1/emissoes`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': product.apiKey,
        'idempotency-key': newKey(),
        prefer: 'wait=10',
      },
      body: JSON.stringify(body),
    });
    const document = (await res.json()) as Record<string, unknown>;
    expect(res.status, JSON.stringify(document)).toBe(201);
    expect(document).toMatchObject({
      ...refs,
      serie: body.serie,
      numero: 1,
      status: 'autorizada',
      ambiente: 'homologacao',
      rejeicao_codigo: null,
    });

    const xml = await (
      await fetch(`${server.url}/v1/documentos/${String(document.id)}/xml`, {
        headers: { 'x-api-key': product.apiKey },
      })
    ).text();
    expect(xml).toMatch(/<nfeProc[^>]*>.*<cStat>100<\/cStat>/s);
    expect(xml).toContain('<vNF>21.00</vNF>');
  });
});
