import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { API_KEY_SCHEME, buildOpenApiDocument } from '../src/modules/openapi/openapi-document.js';
import { version } from '../src/version.js';
import { contractRoutes } from './helpers/contract-routes.js';
import { startTestServer, type TestServer } from './helpers/server.js';

type Doc = Record<string, any>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

function operations(doc: Doc): { path: string; method: string; op: Doc }[] {
  return Object.entries(doc.paths as Doc).flatMap(([path, item]) =>
    METHODS.filter((m) => m in item).map((method) => ({ path, method, op: item[method] })),
  );
}

function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) =>
      k === '$ref' && typeof v === 'string' ? [v] : refsIn(v),
    );
  }
  return [];
}

describe('OpenAPI document (generated from the contract)', () => {
  const doc: Doc = buildOpenApiDocument(version);

  it('is a valid OpenAPI 3 document', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\./);
    for (const ref of refsIn(doc)) {
      const target = ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<Doc | undefined>((o, k) => o?.[k], doc);
      expect(target, ref).toBeDefined();
    }
  });

  it('has every contract route, with the API key exactly where the contract asks for it', () => {
    const routes = contractRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(13);
    for (const { id, route } of routes) {
      const op = doc.paths[toOpenApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op.operationId).toBe(id.split('.').at(-1));
      const auth = (route.metadata as { auth: string }).auth;
      expect(op.security, id).toEqual(auth === 'api-key' ? [{ [API_KEY_SCHEME]: [] }] : []);
      for (const status of Object.keys(route.responses)) {
        expect(op.responses[status], `${id} ${status}`).toBeDefined();
        expect(op.responses[status].headers['X-Request-Id']).toBeDefined();
      }
    }
    expect(operations(doc)).toHaveLength(routes.length);
    expect(doc.components.securitySchemes[API_KEY_SCHEME]).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Api-Key' }),
    );
    for (const open of ['/v1/health', '/v1/health/ready', '/v1/openapi.json']) {
      expect(doc.paths[open].get.security).toEqual([]);
    }
  });

  it('describes error bodies, multipart upload, XML, idempotency and replay headers', () => {
    const emit = doc.paths['/v1/emissoes'].post;
    const header = emit.parameters.find((p: Doc) => p.in === 'header');
    expect(header).toMatchObject({ name: 'Idempotency-Key', required: true });
    expect(emit.responses['200'].headers['Idempotent-Replayed']).toBeDefined();
    expect(emit.responses['503'].headers['Retry-After']).toBeDefined();
    expect(emit.requestBody.content['application/json'].schema).toBeDefined();
    const errorSchema = JSON.stringify(emit.responses['409'].content['application/json'].schema);
    expect(errorSchema).toContain('emitente_certificate_cnpj_mismatch');
    const invalid = JSON.stringify(emit.responses['422'].content['application/json'].schema);
    expect(invalid).toContain('loc');

    const upload =
      doc.paths['/v1/certificados'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.required).toEqual(['cnpj', 'password', 'file']);
    expect(upload.properties.file).toMatchObject({ type: 'string', format: 'binary' });

    const xml = doc.paths['/v1/documentos/{document_id}/xml'].get.responses['200'].content;
    expect(Object.keys(xml)).toEqual(['application/xml']);
  });
});

describe('GET /v1/openapi.json', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('serves the same document without a key', async () => {
    const res = await fetch(`${server.url}/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual(buildOpenApiDocument(version));
  });
});
