import { randomUUID } from 'node:crypto';

import {
  CancelamentoRequestSchema,
  CartaCorrecaoRequestSchema,
  CertificateUploadFieldsSchema,
  DocumentListQuerySchema,
  EmissaoRequestSchema,
  FiscalSeriesCreateSchema,
  FiscalSeriesPatchSchema,
  InutilizacaoRequestSchema,
  SefazStatusQuerySchema,
  TenantBranchQuerySchema,
  VoidListQuerySchema,
} from '@emissor/contract';
import { UuidSchema } from '@emissor/contract';
import fc from 'fast-check';
import type { z } from 'zod';

import { emissionRequest } from '../helpers/emission.js';
import {
  badSegment,
  brokenBody,
  headerText,
  hostileHeaders,
  mutatedFrom,
  type RawRequest,
} from './fuzz-kit.js';

/** What the routes are fuzzed against: one product with a ready branch and one document. */
export interface FuzzTarget {
  apiKey: string;
  mainRefs: { tenant_ref: string; branch_ref: string };
  /** The slot the upload and delete fuzzers share (so the emission branch keeps its certificate). */
  certRefs: { tenant_ref: string; branch_ref: string };
  seriesId: string;
  /** A series of its own for the PATCH fuzzer (exhausting the emission series would turn emissions into 409s). */
  patchSeriesId: string;
  documentId: string;
  cnpj: string;
  pfx: Uint8Array;
  password: string;
}

export interface RouteFuzzer {
  name: string;
  request: fc.Arbitrary<RawRequest>;
  /** The table whose row count may grow, by one per 201 of this route. */
  creates?: 'series' | 'certificates' | 'documents';
}

/**
 * Node rejects a request line plus headers over 16 KiB with 431 before the app sees them; the
 * oracle stays clear of that edge (the other headers take some of it).
 */
const HEADER_LIMIT = 15 * 1024;
const JSON_LIMIT = 2 * 1024 * 1024;

/** Short and ASCII: Node's parser answers 431 (too long) or 400 (raw non-ASCII byte) before the app. */
const plainTarget = (target: string) =>
  target.length < HEADER_LIMIT && /^[\x21-\x7e]*$/.test(target);

/** Query values are text: hostile values become their string (or JSON) form, deleted keys vanish. */
function asQuery(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    out[k] = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  }
  return out;
}

function jsonRequest(
  method: string,
  target: string,
  apiKey: string,
  body: unknown,
  schema: z.ZodTypeAny,
  kind: string,
  extraHeaders: Record<string, string> = {},
  headersValid = true,
): RawRequest {
  const text = JSON.stringify(body) ?? '';
  const buffer = Buffer.from(text);
  // Judge what goes on the wire: JSON drops undefined members and turns NaN into null.
  const invalid = text === '' || !schema.safeParse(JSON.parse(text)).success || !headersValid;
  return {
    method,
    target,
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json', ...extraHeaders },
    body: buffer,
    mustBe422: invalid && buffer.length <= JSON_LIMIT && target.length < HEADER_LIMIT,
    kind,
  };
}

/** A path with one parameter: the real id, an unknown uuid, a mangled uuid or a mis-encoded segment. */
function idSegment(realId: string): fc.Arbitrary<{ segment: string; validUuid: boolean }> {
  return fc.oneof(
    { arbitrary: fc.constant({ segment: realId, validUuid: true }), weight: 4 },
    { arbitrary: fc.uuid().map((u) => ({ segment: u, validUuid: true })), weight: 2 },
    {
      arbitrary: fc
        .tuple(fc.nat({ max: 35 }), fc.string({ minLength: 1, maxLength: 3 }))
        .map(([i, s]) => {
          const mangled = realId.slice(0, i) + s + realId.slice(i + 1);
          // A mangled id may still be a well-formed uuid (of no document): then 404, not 422.
          return {
            segment: encodeURIComponent(mangled),
            validUuid: UuidSchema.safeParse(mangled).success,
          };
        }),
      weight: 2,
    },
    { arbitrary: badSegment.map((segment) => ({ segment, validUuid: false })), weight: 2 },
  );
}

/** Requests any route must survive: hostile headers, junk query strings, a body on a GET. */
function generic(
  method: string,
  target: string,
  apiKey: string | undefined,
): fc.Arbitrary<RawRequest> {
  const auth: Record<string, string> = apiKey ? { 'x-api-key': apiKey } : {};
  return fc.oneof(
    hostileHeaders.map(({ headers, kind }) => ({
      method,
      target,
      headers: { ...auth, ...headers },
      kind,
    })),
    badSegment.map((s) => ({
      method,
      target: `${target}${target.includes('?') ? '&' : '?'}${s}=${s}`,
      headers: auth,
      kind: 'bad query encoding',
    })),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => ({
      method,
      target,
      headers: { ...auth, 'content-type': 'application/json' },
      body: Buffer.from(bytes),
      kind: 'random body',
    })),
  );
}

function queryRoute(
  method: string,
  path: string,
  apiKey: string,
  valid: Record<string, string>,
  schema: z.ZodTypeAny,
): fc.Arbitrary<RawRequest> {
  return fc.oneof(
    {
      arbitrary: mutatedFrom(valid).map((value) => {
        const query = asQuery(value);
        const target = `${path}?${new URLSearchParams(query).toString()}`;
        const invalid = !schema.safeParse(query).success;
        return {
          method,
          target,
          headers: { 'x-api-key': apiKey },
          mustBe422: invalid && target.length < HEADER_LIMIT,
          kind: 'schema mutation',
        };
      }),
      weight: 7,
    },
    {
      arbitrary: generic(method, `${path}?${new URLSearchParams(valid).toString()}`, apiKey),
      weight: 3,
    },
  );
}

function bodyRoute(
  method: string,
  target: string,
  apiKey: string,
  valid: unknown,
  schema: z.ZodTypeAny,
): fc.Arbitrary<RawRequest> {
  return fc.oneof(
    {
      arbitrary: mutatedFrom(valid).map((body) =>
        jsonRequest(method, target, apiKey, body, schema, 'schema mutation'),
      ),
      weight: 6,
    },
    {
      arbitrary: brokenBody(valid).map(({ body, contentType, kind }) => ({
        method,
        target,
        headers: { 'x-api-key': apiKey, ...(contentType ? { 'content-type': contentType } : {}) },
        body,
        kind,
      })),
      weight: 3,
    },
    { arbitrary: generic(method, target, apiKey), weight: 1 },
  );
}

/** A POST that takes an Idempotency-Key (a fresh one each time) and a JSON body. */
function keyedBodyRoute(
  target: string,
  apiKey: string,
  valid: unknown,
  schema: z.ZodTypeAny,
): fc.Arbitrary<RawRequest> {
  const key = () => ({ 'idempotency-key': randomUUID() });
  return fc.oneof(
    {
      arbitrary: mutatedFrom(valid).map((body) =>
        jsonRequest('POST', target, apiKey, body, schema, 'schema mutation', key()),
      ),
      weight: 6,
    },
    {
      arbitrary: brokenBody(valid).map(({ body, contentType, kind }) => ({
        method: 'POST',
        target,
        headers: {
          'x-api-key': apiKey,
          ...key(),
          ...(contentType ? { 'content-type': contentType } : {}),
        },
        body,
        kind,
      })),
      weight: 3,
    },
    { arbitrary: generic('POST', target, apiKey), weight: 1 },
  );
}

/** A multipart/form-data body written by hand, so it can be wrong in every way a client can be. */
function multipart(
  boundary: string,
  parts: { name: string; filename?: string; data: Buffer }[],
): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename !== undefined ? '\r\nContent-Type: application/x-pkcs12' : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function uploadRoute(t: FuzzTarget): fc.Arbitrary<RawRequest> {
  const pfx = Buffer.from(t.pfx);
  const file = fc.oneof(
    { arbitrary: fc.constant<Buffer | undefined>(pfx), weight: 4 },
    fc.constant<Buffer | undefined>(undefined),
    fc.constant<Buffer | undefined>(Buffer.alloc(0)),
    fc.nat({ max: pfx.length - 1 }).map((n) => pfx.subarray(0, n)),
    fc.uint8Array({ maxLength: 3_000 }).map((b) => Buffer.from(b)),
    fc.integer({ min: 100 * 1024 + 1, max: 300 * 1024 }).map((n) => Buffer.alloc(n, 1)),
  );
  const fields = mutatedFrom({ cnpj: t.cnpj, password: t.password });
  const query = mutatedFrom(t.certRefs).map(asQuery);
  const base = `/v1/certificados`;
  const form = fc
    .record({
      fields,
      file,
      query,
      boundary: fc.constantFrom('b0undary', 'x'.repeat(70), '----WebKitFormBoundary7MA4YWxk'),
    })
    .map(({ fields: f, file: fileData, query: q, boundary }) => {
      const parts = Object.entries((f && typeof f === 'object' ? f : {}) as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([name, v]) => ({
          name,
          data: Buffer.from(typeof v === 'string' ? v : (JSON.stringify(v) ?? '')),
        }));
      if (fileData) parts.push({ name: 'file', filename: 'cert.pfx', data: fileData } as never);
      const valid =
        TenantBranchQuerySchema.safeParse(q).success &&
        CertificateUploadFieldsSchema.safeParse(f).success &&
        fileData !== undefined;
      return {
        method: 'POST',
        target: `${base}?${new URLSearchParams(q).toString()}`,
        headers: {
          'x-api-key': t.apiKey,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body: multipart(boundary, parts),
        kind: valid ? 'valid form' : 'form mutation',
        _boundary: boundary,
      };
    });
  const target = `${base}?${new URLSearchParams(t.certRefs).toString()}`;
  const good = multipart('b0undary', [
    { name: 'cnpj', data: Buffer.from(t.cnpj) },
    { name: 'password', data: Buffer.from(t.password) },
    { name: 'file', filename: 'cert.pfx', data: pfx },
  ]);
  const raw = fc.oneof(
    fc.nat({ max: good.length - 1 }).map((n) => ({
      body: good.subarray(0, n),
      type: 'multipart/form-data; boundary=b0undary',
      kind: 'truncated multipart',
    })),
    fc
      .constantFrom(
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; boundary=other',
        'application/json',
        'text/plain',
        'multipart/mixed; boundary=b0undary',
      )
      .map((type) => ({ body: good, type, kind: 'wrong content type' })),
    fc.integer({ min: 13, max: 40 }).map((n) => ({
      body: multipart(
        'b0undary',
        Array.from({ length: n }, (_, i) => ({ name: `f${i}`, data: Buffer.from('v') })),
      ),
      type: 'multipart/form-data; boundary=b0undary',
      kind: 'too many parts',
    })),
    fc.constant({
      body: multipart('b0undary', [
        { name: 'file', filename: 'a.pfx', data: pfx },
        { name: 'file', filename: 'b.pfx', data: pfx },
        { name: 'other', filename: 'c.pfx', data: pfx },
      ]),
      type: 'multipart/form-data; boundary=b0undary',
      kind: 'extra files',
    }),
    fc.uint8Array({ maxLength: 500 }).map((b) => ({
      body: Buffer.concat([good.subarray(0, 60), Buffer.from([0xff, 0xc0]), Buffer.from(b)]),
      type: 'multipart/form-data; boundary=b0undary',
      kind: 'garbage multipart',
    })),
    fc.integer({ min: 4 * 1024 + 1, max: 40 * 1024 }).map((n) => ({
      body: multipart('b0undary', [{ name: 'password', data: Buffer.alloc(n, 'p') }]),
      type: 'multipart/form-data; boundary=b0undary',
      kind: 'huge field',
    })),
  );
  return fc.oneof(
    { arbitrary: form.map(({ _boundary, ...r }) => r), weight: 6 },
    {
      arbitrary: raw.map(({ body, type, kind }) => ({
        method: 'POST',
        target,
        headers: { 'x-api-key': t.apiKey, 'content-type': type },
        body,
        kind,
      })),
      weight: 3,
    },
    { arbitrary: generic('POST', target, t.apiKey), weight: 1 },
  );
}

function emitRoute(t: FuzzTarget): fc.Arbitrary<RawRequest> {
  const valid = emissionRequest(t.mainRefs);
  const key = fc.oneof(
    { arbitrary: fc.constant('fresh'), weight: 8 },
    fc.constantFrom<string | undefined>(
      undefined,
      '',
      'k'.repeat(256),
      'k'.repeat(255),
      'same-key-every-time',
    ),
    headerText(300),
  );
  const mutated = fc.record({ body: mutatedFrom(valid), key }).map(({ body, key: k }) => {
    const idempotencyKey = k === 'fresh' ? randomUUID() : k;
    const headers: Record<string, string> =
      idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey };
    const headerOk =
      idempotencyKey !== undefined && idempotencyKey.length >= 1 && idempotencyKey.length <= 255;
    return jsonRequest(
      'POST',
      '/v1/emissoes',
      t.apiKey,
      body,
      EmissaoRequestSchema,
      'schema mutation',
      headers,
      headerOk,
    );
  });
  return fc.oneof(
    { arbitrary: mutated, weight: 6 },
    {
      arbitrary: brokenBody(valid).map(({ body, contentType, kind }) => ({
        method: 'POST',
        target: '/v1/emissoes',
        headers: {
          'x-api-key': t.apiKey,
          'idempotency-key': randomUUID(),
          ...(contentType ? { 'content-type': contentType } : {}),
        },
        body,
        kind,
      })),
      weight: 3,
    },
    { arbitrary: generic('POST', '/v1/emissoes', t.apiKey), weight: 1 },
  );
}

function idRoute(
  method: string,
  prefix: string,
  suffix: string,
  realId: string,
  apiKey: string,
  body?: { valid: unknown; schema: z.ZodTypeAny },
): fc.Arbitrary<RawRequest> {
  const request = fc
    .record({
      id: idSegment(realId),
      body: body ? mutatedFrom(body.valid) : fc.constant(undefined),
    })
    .map(({ id, body: b }) => {
      const target = `${prefix}/${id.segment}${suffix}`;
      if (!body) {
        return {
          method,
          target,
          headers: { 'x-api-key': apiKey },
          mustBe422: !id.validUuid && plainTarget(target),
          kind: id.validUuid ? 'uuid' : 'bad id',
        };
      }
      const r = jsonRequest(method, target, apiKey, b, body.schema, 'schema mutation');
      // A bad (or undecodable) id is a 422 on the path whatever the body, unless the body is too large.
      if (!id.validUuid) r.mustBe422 = plainTarget(target) && (r.body?.length ?? 0) <= JSON_LIMIT;
      return r;
    });
  const target = `${prefix}/${realId}${suffix}`;
  return fc.oneof(
    { arbitrary: request, weight: 7 },
    ...(body
      ? [
          {
            arbitrary: brokenBody(body.valid).map(({ body: raw, contentType, kind }) => ({
              method,
              target,
              headers: { 'x-api-key': apiKey, 'content-type': contentType },
              body: raw,
              kind,
            })),
            weight: 2,
          },
        ]
      : []),
    { arbitrary: generic(method, target, apiKey), weight: 1 },
  );
}

/** One fuzzer per contract route. */
export function routeFuzzers(t: FuzzTarget): RouteFuzzer[] {
  return [
    { name: 'GET /v1/health', request: generic('GET', '/v1/health', undefined) },
    { name: 'GET /v1/health/ready', request: generic('GET', '/v1/health/ready', undefined) },
    { name: 'GET /v1/openapi.json', request: generic('GET', '/v1/openapi.json', undefined) },
    {
      name: 'GET /v1/series',
      request: queryRoute('GET', '/v1/series', t.apiKey, t.mainRefs, TenantBranchQuerySchema),
    },
    {
      name: 'POST /v1/series',
      request: bodyRoute(
        'POST',
        '/v1/series',
        t.apiKey,
        { tenant_ref: 'fuzz', branch_ref: 'series', serie: 7, next_number: 1 },
        FiscalSeriesCreateSchema,
      ),
      creates: 'series',
    },
    {
      name: 'PATCH /v1/series/:series_id',
      request: idRoute('PATCH', '/v1/series', '', t.patchSeriesId, t.apiKey, {
        valid: { next_number: 1_000 },
        schema: FiscalSeriesPatchSchema,
      }),
    },
    { name: 'POST /v1/certificados', request: uploadRoute(t), creates: 'certificates' },
    {
      name: 'GET /v1/certificados',
      request: queryRoute('GET', '/v1/certificados', t.apiKey, t.certRefs, TenantBranchQuerySchema),
    },
    {
      name: 'DELETE /v1/certificados',
      request: queryRoute(
        'DELETE',
        '/v1/certificados',
        t.apiKey,
        t.certRefs,
        TenantBranchQuerySchema,
      ),
    },
    { name: 'POST /v1/emissoes', request: emitRoute(t), creates: 'documents' },
    {
      name: 'GET /v1/documentos',
      request: queryRoute(
        'GET',
        '/v1/documentos',
        t.apiKey,
        { ...t.mainRefs, status: 'assinada', limit: '10', offset: '0' },
        DocumentListQuerySchema,
      ),
    },
    {
      name: 'GET /v1/documentos/:document_id',
      request: idRoute('GET', '/v1/documentos', '', t.documentId, t.apiKey),
    },
    {
      name: 'GET /v1/documentos/:document_id/xml',
      request: idRoute('GET', '/v1/documentos', '/xml', t.documentId, t.apiKey),
    },
    {
      name: 'POST /v1/documentos/:document_id/cancelamento',
      request: keyedBodyRoute(
        `/v1/documentos/${t.documentId}/cancelamento`,
        t.apiKey,
        { justificativa: 'Pedido cancelado pelo cliente antes da entrega' },
        CancelamentoRequestSchema,
      ),
    },
    {
      name: 'POST /v1/documentos/:document_id/cartas-correcao',
      request: keyedBodyRoute(
        `/v1/documentos/${t.documentId}/cartas-correcao`,
        t.apiKey,
        { correcao: 'Correcao do endereco de entrega do destinatario' },
        CartaCorrecaoRequestSchema,
      ),
    },
    {
      name: 'GET /v1/documentos/:document_id/eventos',
      request: idRoute('GET', '/v1/documentos', '/eventos', t.documentId, t.apiKey),
    },
    {
      name: 'GET /v1/eventos/:event_id',
      request: idRoute('GET', '/v1/eventos', '', randomUUID(), t.apiKey),
    },
    {
      name: 'GET /v1/eventos/:event_id/xml',
      request: idRoute('GET', '/v1/eventos', '/xml', randomUUID(), t.apiKey),
    },
    {
      name: 'POST /v1/inutilizacoes',
      request: keyedBodyRoute(
        '/v1/inutilizacoes',
        t.apiKey,
        {
          ...t.mainRefs,
          serie: 1,
          numero_inicial: 1,
          numero_final: 1,
          justificativa: 'Numeracao pulada por falha do sistema',
          ambiente: 'homologacao',
          uf: 'SP',
        },
        InutilizacaoRequestSchema,
      ),
    },
    {
      name: 'GET /v1/inutilizacoes',
      request: queryRoute(
        'GET',
        '/v1/inutilizacoes',
        t.apiKey,
        { ...t.mainRefs, limit: '10', offset: '0' },
        VoidListQuerySchema,
      ),
    },
    {
      name: 'GET /v1/inutilizacoes/:inutilizacao_id',
      request: idRoute('GET', '/v1/inutilizacoes', '', randomUUID(), t.apiKey),
    },
    {
      name: 'GET /v1/inutilizacoes/:inutilizacao_id/xml',
      request: idRoute('GET', '/v1/inutilizacoes', '/xml', randomUUID(), t.apiKey),
    },
    {
      name: 'GET /v1/sefaz/status',
      request: queryRoute(
        'GET',
        '/v1/sefaz/status',
        t.apiKey,
        { ...t.certRefs, uf: 'SP', ambiente: 'homologacao' },
        SefazStatusQuerySchema,
      ),
    },
  ];
}
