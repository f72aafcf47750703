import http from 'node:http';

import fc from 'fast-check';

/** A request exactly as it goes on the wire (raw bytes allowed anywhere a client could put them). */
export interface RawRequest {
  method: string;
  /** Path and query, already encoded (or deliberately mis-encoded). */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What the schema oracle says: the request is invalid and must be a 422 (or 413 when too large). */
  mustBe422?: boolean;
  /** A short label of the mutation, for the summary. */
  kind: string;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * node:http rather than fetch: fetch refuses or normalises much of what a hostile client sends
 * (bad header bytes, mis-encoded targets, arbitrary bodies on GET).
 */
export async function send(
  baseUrl: string,
  agent: http.Agent,
  req: RawRequest,
  timeoutMs = 30_000,
): Promise<RawResponse> {
  try {
    return await sendOnce(baseUrl, agent, req, timeoutMs);
  } catch (error) {
    // Node's documented keep-alive race: the server closed an idle socket just as it was reused.
    // Retry once on a fresh one; a reset on a fresh socket still fails the request.
    if ((error as { reusedSocket?: boolean }).reusedSocket)
      return sendOnce(baseUrl, agent, req, timeoutMs);
    throw error;
  }
}

function sendOnce(
  baseUrl: string,
  agent: http.Agent,
  req: RawRequest,
  timeoutMs: number,
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    // Framed like any real client frames a body (an unframed one is just garbage on the socket).
    const headers = req.body
      ? { ...req.headers, 'content-length': String(req.body.length) }
      : req.headers;
    const r = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.target,
        headers,
        agent,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    r.on('timeout', () => r.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    r.on('error', (error: NodeJS.ErrnoException) => {
      reject(Object.assign(error, { reusedSocket: r.reusedSocket && error.code === 'ECONNRESET' }));
    });
    r.end(req.body);
  });
}

/** Why an answer breaks the decided error shapes (docs/api-rules.md "Errors"), or undefined when it is fine. */
export function shapeProblem(res: RawResponse): string | undefined {
  if (res.status >= 500) return `status ${res.status}`;
  if (res.status < 400) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    return `${res.status} body is not JSON: ${res.text.slice(0, 80)}`;
  }
  const detail = (body as { detail?: unknown }).detail;
  if (res.status === 422) {
    if (!Array.isArray(detail) || detail.length === 0) return '422 without a detail array';
    for (const item of detail as Record<string, unknown>[]) {
      const { loc, msg, type } = item;
      if (!Array.isArray(loc) || !loc.every((p) => typeof p === 'string' || typeof p === 'number'))
        return '422 item with a bad loc';
      if (!['body', 'query', 'path', 'header'].includes(String(loc[0])))
        return `422 loc starts with ${String(loc[0])}`;
      if (typeof msg !== 'string' || typeof type !== 'string') return '422 item without msg/type';
    }
    return undefined;
  }
  const { code, message } = (detail ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || !/^[a-z][a-z0-9_]*$/.test(code) || typeof message !== 'string') {
    return `${res.status} without {detail:{code,message}}: ${res.text.slice(0, 80)}`;
  }
  if ((res.status === 429 || res.status === 503) && !res.headers['retry-after'])
    return `${res.status} without Retry-After`;
  return undefined;
}

type Json = unknown;

/** Every path (object keys and array indexes) inside a JSON value, the root included. */
export function pathsOf(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...prefix, i])));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  return out;
}

const DELETE = Symbol('delete');

/** A deep copy of `value` with the value at `path` replaced (or removed, for DELETE). */
function setAt(value: Json, path: (string | number)[], replacement: unknown): Json {
  if (path.length === 0) return replacement === DELETE ? undefined : replacement;
  const [head, ...rest] = path;
  const copy = (
    Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }
  ) as Record<string | number, unknown>;
  const next = setAt(copy[head!], rest, replacement);
  if (next === undefined && rest.length === 0 && replacement === DELETE) {
    if (Array.isArray(copy)) (copy as unknown[]).splice(head as number, 1);
    else delete copy[head!];
  } else {
    copy[head!] = next;
  }
  return copy;
}

const deepNesting = fc.integer({ min: 50, max: 1_500 }).map((depth) => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
});

/** Values a hostile or careless client puts where a field should be. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constant(DELETE), weight: 3 },
  { arbitrary: fc.constant(null), weight: 2 },
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e21, -0, 2 ** 53, 1.5, 999_999_999, 1_000_000_000),
  { arbitrary: fc.string({ maxLength: 80 }), weight: 3 },
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e2',
    'NaN',
    '1,5',
    '00000000000000',
    '<a>&amp;</a>',
    '\u0000',
    '\ud800',
    '💥'.repeat(40),
  ),
  // Long enough to break every length limit (64, 255, 16 KiB); rarely, since each costs a big body.
  { arbitrary: fc.integer({ min: 65, max: 300 }).map((n) => 'x'.repeat(n)), weight: 2 },
  { arbitrary: fc.integer({ min: 17_000, max: 70_000 }).map((n) => 'x'.repeat(n)), weight: 1 },
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
  fc.anything({ maxDepth: 3 }),
  deepNesting,
);

const mutation = (paths: (string | number)[][]) =>
  fc.oneof(
    { arbitrary: fc.record({ path: fc.constantFrom(...paths), value: hostileValue }), weight: 8 },
    // An unknown property beside a known one.
    {
      arbitrary: fc.record({
        path: fc
          .constantFrom(...paths.filter((p) => p.length > 0))
          .chain((p) =>
            fc.string({ minLength: 1, maxLength: 12 }).map((k) => [...p.slice(0, -1), `x_${k}`]),
          ),
        value: hostileValue,
      }),
      weight: 1,
    },
  );

/** A valid example with 1–3 random mutations (occasionally none: valid requests must keep working too). */
export function mutatedFrom(valid: Json): fc.Arbitrary<Json> {
  const paths = pathsOf(valid);
  return fc.oneof(
    { arbitrary: fc.constant(valid), weight: 1 },
    {
      arbitrary: fc.array(mutation(paths), { minLength: 1, maxLength: 3 }).map((ms) =>
        ms.reduce<Json>((acc, m) => {
          try {
            return setAt(acc, m.path, m.value);
          } catch {
            return acc; // the path vanished under an earlier mutation
          }
        }, valid),
      ),
      weight: 12,
    },
  );
}

const OVER_LIMIT = Buffer.concat([
  Buffer.from('{"x":"'),
  Buffer.alloc(2 * 1024 * 1024 + 10, 'a'),
  Buffer.from('"}'),
]);

/** Bodies that are not what the content type says: broken, truncated or mis-encoded. */
export const brokenBody = (
  valid: Json,
): fc.Arbitrary<{ body: Buffer; contentType: string; kind: string }> => {
  const text = JSON.stringify(valid);
  return fc.oneof(
    fc.integer({ min: 0, max: text.length - 1 }).map((n) => ({
      body: Buffer.from(text.slice(0, n)),
      contentType: 'application/json',
      kind: 'truncated json',
    })),
    fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => ({
      body: Buffer.concat([
        Buffer.from(text.slice(0, 20)),
        Buffer.from([0xff, 0xfe, 0xc0, 0xaf]),
        Buffer.from(bytes),
      ]),
      contentType: 'application/json',
      kind: 'invalid utf-8',
    })),
    fc
      .constantFrom(
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=zz',
        'application/json; charset=utf-16',
        'application/json; charset=klingon',
        'application/octet-stream',
        '',
        ';;;',
        'application/json, text/plain',
      )
      .map((contentType) => ({
        body: Buffer.from(text),
        contentType,
        kind: 'wrong content type',
      })),
    fc.integer({ min: 10, max: 100_000 }).map((depth) => ({
      body: Buffer.from('['.repeat(depth) + ']'.repeat(depth)),
      contentType: 'application/json',
      kind: 'deep json',
    })),
    fc.constant({ body: OVER_LIMIT, contentType: 'application/json', kind: 'over 2 MiB' }),
    fc
      .constantFrom('null', '[]', '"text"', '42', 'true', '{}', '{"a":1,"a":2}', '\ufeff{}')
      .map((t) => ({
        body: Buffer.from(t),
        contentType: 'application/json',
        kind: 'not an object',
      })),
  );
};

/** Path segments and query texts a client could mis-encode. */
export const badSegment = fc.constantFrom(
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%00',
  '..%2f..%2fetc',
  '%2e%2e',
  '%FF%FE',
  'a%20b',
  '%25',
  '%u0041',
  ';',
  'x'.repeat(5_000),
  'caf\u00e9',
  '%F0%9F%98',
);

export const headerText = (maxLength: number) =>
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    maxLength,
  });

/** Headers that stress the parser: huge, many, or odd. */
export const hostileHeaders: fc.Arbitrary<{ headers: Record<string, string>; kind: string }> =
  fc.oneof(
    fc
      .integer({ min: 17_000, max: 90_000 })
      .map((n) => ({ headers: { 'x-fuzz': 'a'.repeat(n) }, kind: 'huge header' })),
    fc.integer({ min: 100, max: 400 }).map((n) => ({
      headers: Object.fromEntries(
        Array.from({ length: n }, (_, i) => [`x-h${i}`, 'v'.repeat(100)]),
      ),
      kind: 'many headers',
    })),
    headerText(200).map((v) => ({ headers: { 'x-request-id': v }, kind: 'odd request id' })),
  );
