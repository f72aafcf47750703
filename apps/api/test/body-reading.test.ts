// How a JSON body's bytes arrive does not change what it means: in one piece or many, with a
// Content-Length or chunked, a body is read whole; one that stops halfway creates nothing and gets
// no answer; one over the limit is a 413. Real HTTP (node:http, to control the bytes on the wire).
import { request } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let apiKey: string;
let client: Awaited<ReturnType<TestServer['newProduct']>>['client'];

beforeAll(async () => {
  server = await startTestServer();
  ({ apiKey, client } = await server.newProduct());
});
afterAll(() => server.close());

const pause = () => new Promise((resolve) => setTimeout(resolve, 2));

interface Sent {
  status: number;
  body: string;
}

/** POST /v1/series with `pieces` written one by one; chunked when `length` is undefined. */
function post(pieces: Buffer[], length: number | undefined): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const url = new URL('/v1/series', server.url);
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'x-api-key': apiKey,
          'content-type': 'application/json',
          ...(length === undefined ? {} : { 'content-length': String(length) }),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    void (async () => {
      for (const piece of pieces) {
        req.write(piece);
        await pause();
      }
      req.end();
    })();
  });
}

const seriesBody = (tenant: string, serie: number) =>
  Buffer.from(JSON.stringify({ tenant_ref: tenant, branch_ref: 'b', serie, next_number: 1 }));

/** Cuts `bytes` into pieces of `size` bytes (so multi-byte characters are cut too). */
const cut = (bytes: Buffer, size: number) =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
    bytes.subarray(i * size, (i + 1) * size),
  );

async function seriesOf(tenant: string): Promise<number[]> {
  const list = await client.series.listSeries({ query: { tenant_ref: tenant, branch_ref: 'b' } });
  return list.status === 200 ? list.body.map((s) => s.serie) : [];
}

describe('reading a JSON body', () => {
  it('reads a body sent in many pieces whole, characters cut across pieces included', async () => {
    const tenant = 'pieces-\u{1F600}\u00e7';
    const bytes = seriesBody(tenant, 1);
    const sent = await post(cut(bytes, 3), bytes.length);
    expect(sent.status, sent.body).toBe(201);
    expect((JSON.parse(sent.body) as { tenant_ref: string }).tenant_ref).toBe(tenant);
    // Chunked (no Content-Length) is read whole as well.
    const chunked = await post(cut(seriesBody(tenant, 2), 7), undefined);
    expect(chunked.status, chunked.body).toBe(201);
    expect(await seriesOf(tenant)).toEqual([1, 2]);
  });

  it('a body that stops halfway gets no answer, creates nothing, and the server goes on', async () => {
    const bytes = seriesBody('halfway', 1);
    const outcome = await new Promise<string>((resolve) => {
      const req = request(new URL('/v1/series', server.url), {
        method: 'POST',
        headers: {
          'x-api-key': apiKey,
          'content-type': 'application/json',
          'content-length': String(bytes.length),
        },
      });
      req.on('response', (res) => resolve(`answered ${res.statusCode}`));
      req.on('error', () => resolve('no answer'));
      req.write(bytes.subarray(0, 10));
      setTimeout(() => req.destroy(), 50);
    });
    expect(outcome).toBe('no answer');
    expect(await seriesOf('halfway')).toEqual([]);
    expect(server.logs.filter((line) => /unhandled error|"stack"/.test(line))).toEqual([]);
    const after = await post([seriesBody('halfway', 2)], seriesBody('halfway', 2).length);
    expect(after.status).toBe(201);
  });

  it('a Content-Length over 2 MiB is a 413 payload_too_large, and exactly 2 MiB is read', async () => {
    const padded = (size: number) => {
      const bytes = Buffer.alloc(size, 0x20); // whitespace around a small object
      seriesBody('limit', size === 2 * 1024 * 1024 ? 1 : 2).copy(bytes);
      return bytes;
    };
    const over = await post([padded(2 * 1024 * 1024 + 1)], 2 * 1024 * 1024 + 1);
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body)).toMatchObject({ detail: { code: 'payload_too_large' } });
    const limit = await post([padded(2 * 1024 * 1024)], 2 * 1024 * 1024);
    expect(limit.status, limit.body).toBe(201);
    expect(await seriesOf('limit')).toEqual([1]);
  });
});
