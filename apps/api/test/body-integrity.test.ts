// What the body reader does with bytes and numbers the contract cannot take as they are: each is a
// 4xx in the decided shape that changes nothing, never a 500, a logged stack, a rounded number or
// a rewritten character. Real HTTP, real PostgreSQL.
import { gzipSync, deflateSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emissionRequest, newKey, prepareBranch } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let product: Awaited<ReturnType<TestServer['newProduct']>>;
const refs = { tenant_ref: 'integrity', branch_ref: 'b1' };

beforeAll(async () => {
  server = await startTestServer();
  product = await server.newProduct();
  await prepareBranch(server.url, product, refs);
});
afterAll(() => server.close());

interface Issue {
  loc: (string | number)[];
  msg: string;
  type: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

async function send(
  method: string,
  path: string,
  body: string | Uint8Array | undefined,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'x-api-key': product.apiKey, 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}
const emit = (text: string | Uint8Array) =>
  send('POST', '/v1/emissoes', text, { 'idempotency-key': newKey() });
const createSeries = (body: string | Uint8Array, headers: Record<string, string> = {}) =>
  send('POST', '/v1/series', body, headers);

async function nextNumber(): Promise<number | undefined> {
  const list = await product.client.series.listSeries({ query: refs });
  return list.status === 200 ? list.body[0]?.next_number : undefined;
}

const unhandled = () => server.logs.filter((line) => /unhandled error|"stack"/.test(line));

describe('Content-Encoding and other body-reading failures', () => {
  it('gzip or deflate over bytes that are not compressed → 422 json_invalid, no stack logged', async () => {
    const plain = JSON.stringify({ ...refs, serie: 500, next_number: 1 });
    for (const encoding of ['gzip', 'deflate']) {
      const res = await createSeries(plain, { 'content-encoding': encoding });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        detail: [
          {
            loc: ['body'],
            msg: 'Invalid JSON',
            type: 'json_invalid',
            ctx: { error: 'the body is not compressed as its Content-Encoding says' },
          },
        ],
      });
    }
    // A truncated gzip stream too.
    const truncated = gzipSync(plain).subarray(0, 20);
    expect((await createSeries(truncated, { 'content-encoding': 'gzip' })).status).toBe(422);
    // An encoding the server does not read (content-encoding.test.ts has the rest).
    const br = await createSeries(plain, { 'content-encoding': 'br' });
    expect(br.status).toBe(415);
    expect(br.body.detail.code).toBe('unsupported_content_encoding');
    // A charset other than UTF-8.
    const utf16 = await createSeries(plain, { 'content-type': 'application/json; charset=utf-16' });
    expect(utf16.status).toBe(422);
    expect(unhandled()).toEqual([]);
    // Nothing was created by any of them; properly compressed bodies still work.
    const list = await product.client.series.listSeries({ query: refs });
    expect(list.status === 200 && list.body.map((s) => s.serie)).toEqual([1]);
    expect((await createSeries(gzipSync(plain), { 'content-encoding': 'gzip' })).status).toBe(201);
    const deflated = deflateSync(JSON.stringify({ ...refs, serie: 501, next_number: 1 }));
    expect((await createSeries(deflated, { 'content-encoding': 'deflate' })).status).toBe(201);
  });

  it('a body that is not a JSON object or array → 422, and syntax errors do not quote the body', async () => {
    const secret = 'hunter2-do-not-echo';
    for (const text of ['"just a string"', '42', `{"password":${secret}}`, '{"x":']) {
      const res = await createSeries(text);
      expect(res.status).toBe(422);
      expect(res.body.detail[0].type).toBe('json_invalid');
      expect(JSON.stringify(res.body)).not.toContain(secret);
    }
  });
});

describe('JSON numbers keep their digits or are refused', () => {
  it('a decimal with more digits than a double holds → 422 naming it and saying why; nothing emitted', async () => {
    const body = emissionRequest(refs);
    const text = JSON.stringify(body).replace(
      '"valor_unitario":"10.50"',
      '"valor_unitario":12345678901.123456789',
    );
    const res = await emit(text);
    expect(res.status).toBe(422);
    const issue = (res.body.detail as Issue[]).find(
      (i) => i.loc.join() === 'body,itens,0,valor_unitario',
    );
    expect(issue).toMatchObject({
      type: 'decimal_max_digits',
      input: '12345678901.123456789',
    });
    expect(issue?.msg).toContain('12345678901.123457');
    expect(issue?.msg).toContain('send decimals as strings');
    expect(await nextNumber()).toBe(1);
  });

  it('an integer beyond 2^53 and a number beyond a double are refused too', async () => {
    const big = await createSeries(
      `{"tenant_ref":"n","branch_ref":"b","serie":1,"next_number":9007199254740993}`,
    );
    expect(big.status).toBe(422);
    expect(big.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'next_number'], type: 'decimal_max_digits' }),
    ]);
    const infinite = await emit(
      JSON.stringify(emissionRequest(refs)).replace('"quantidade":"2"', '"quantidade":1e400'),
    );
    expect(infinite.status).toBe(422);
    expect(infinite.body.detail).toContainEqual(
      expect.objectContaining({ loc: ['body', 'itens', 0, 'quantidade'], type: 'finite_number' }),
    );
  });

  it('numbers a double holds exactly keep every digit in the signed XML', async () => {
    const body = emissionRequest(refs);
    // 2 × 10.123456789 = 20.246913578 → vProd 20.25 (two places); vUnCom keeps every digit.
    const text = JSON.stringify({ ...body, pagamento: { tpag: '01', valor: 20.25 } })
      .replace('"valor_unitario":"10.50"', '"valor_unitario":10.123456789')
      .replace(/"base_calc":"21.00"/g, '"base_calc":20.25');
    const res = await emit(text);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const xml = await fetch(`${server.url}/v1/documentos/${res.body.id}/xml`, {
      headers: { 'x-api-key': product.apiKey },
    }).then((r) => r.text());
    expect(xml).toContain('<vUnCom>10.123456789</vUnCom>');
    // An exponent a double holds exactly is no reason to refuse: 1.05e1 is 10.5.
    const exponent = JSON.stringify(emissionRequest(refs)).replace(
      '"valor_unitario":"10.50"',
      '"valor_unitario":1.05e1',
    );
    expect((await emit(exponent)).status).toBe(201);
  });
});

describe('Unicode that is not text', () => {
  it('a lone surrogate in a ref → 422 string_unicode, not a U+FFFD that collides with another ref', async () => {
    const lone = await createSeries(
      '{"tenant_ref":"a\\ud800b","branch_ref":"x","serie":1,"next_number":1}',
    );
    expect(lone.status).toBe(422);
    expect(lone.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'tenant_ref'], type: 'string_unicode' }),
    ]);
    const low = await createSeries(
      '{"tenant_ref":"a\\udc00b","branch_ref":"x","serie":1,"next_number":1}',
    );
    expect(low.status).toBe(422);
    // The replacement character itself is a real character, and a proper pair is one character.
    expect(
      (await createSeries('{"tenant_ref":"a\\ufffdb","branch_ref":"x","serie":1,"next_number":1}'))
        .status,
    ).toBe(201);
    expect(
      (
        await createSeries(
          '{"tenant_ref":"a\\ud83d\\ude00b","branch_ref":"x","serie":1,"next_number":1}',
        )
      ).status,
    ).toBe(201);
  });

  it('invalid UTF-8 bytes in a body → 422, nothing created', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"tenant_ref":"a'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('b","branch_ref":"y","serie":1,"next_number":1}'),
    ]);
    const res = await createSeries(bytes);
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body'], type: 'json_invalid' });
    // A surrogate encoded in UTF-8 (CESU-8) is invalid UTF-8 as well.
    const cesu = Buffer.concat([
      Buffer.from('{"tenant_ref":"a'),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('b","branch_ref":"y","serie":1,"next_number":1}'),
    ]);
    expect((await createSeries(cesu)).status).toBe(422);
    const list = await product.client.series.listSeries({
      query: { tenant_ref: 'a\ufffd\ufffdb', branch_ref: 'y' },
    });
    expect(list.status === 200 && list.body).toEqual([]);
  });

  it('percent-encoding in the query that is not UTF-8 → 422 on that parameter', async () => {
    for (const bad of ['%FF', '%ED%A0%80', '%C3']) {
      const res = await send('GET', `/v1/series?tenant_ref=a${bad}&branch_ref=x`, undefined);
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        expect.objectContaining({ loc: ['query', 'tenant_ref'], type: 'string_unicode' }),
      ]);
    }
    expect((await send('GET', '/v1/series?tenant_ref=a%25FF&branch_ref=x', undefined)).status).toBe(
      200,
    );
    // A route that reads no query is not judged on one: health stays 200.
    expect((await fetch(`${server.url}/v1/health?probe=%FF`)).status).toBe(200);
  });

  it('refs are limited to 64 characters counted as code points: 33 emoji fit, 65 do not', async () => {
    const emoji = '\u{1F600}';
    const ok = await createSeries(
      JSON.stringify({
        tenant_ref: emoji.repeat(33),
        branch_ref: emoji.repeat(64),
        serie: 7,
        next_number: 1,
      }),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const list = await send(
      'GET',
      `/v1/series?tenant_ref=${encodeURIComponent(emoji.repeat(33))}&branch_ref=${encodeURIComponent(emoji.repeat(64))}`,
      undefined,
    );
    expect(list.status).toBe(200);
    expect(list.body[0].tenant_ref).toBe(emoji.repeat(33));
    const tooLong = await createSeries(
      JSON.stringify({ tenant_ref: emoji.repeat(65), branch_ref: 'b', serie: 7, next_number: 1 }),
    );
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'tenant_ref'],
        type: 'string_too_long',
        ctx: { max_length: 64 },
      }),
    ]);
  });
});
