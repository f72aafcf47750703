// The one line the API writes per request, as an operator reads it, and the logger's redaction,
// which that line skips (its fields are fixed) but every other line keeps.
import { Writable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLogger } from '../src/logging/logger.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let apiKey: string;
let productId: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ apiKey, id: productId } = await server.newProduct());
});
afterAll(() => server?.close());

const requestLines = () =>
  server.logs
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'request');

describe('the request line', () => {
  it('names the request, its route, status, time and product, and nothing else', async () => {
    const res = await fetch(`${server.url}/v1/series?tenant_ref=t&branch_ref=b`, {
      headers: { 'x-api-key': apiKey, 'x-request-id': 'req-log-1' },
    });
    expect(res.status).toBe(200);
    const line = requestLines().find((l) => l.request_id === 'req-log-1');
    expect(line).toBeDefined();
    const { time, duration_ms, product_id, ...rest } = line ?? {};
    expect(rest).toEqual({
      level: 30,
      service: 'emissor-api',
      request_id: 'req-log-1',
      method: 'GET',
      path: '/v1/series',
      status: 200,
      msg: 'request',
    });
    expect(typeof time).toBe('string');
    expect(typeof duration_ms).toBe('number');
    expect(product_id).toBe(productId);
  });

  it('is written for a refused request too, without the key it was refused with', async () => {
    const res = await fetch(`${server.url}/v1/series?tenant_ref=t&branch_ref=b`, {
      headers: { 'x-api-key': 'emk_not-a-real-key', 'x-request-id': 'req-log-2' },
    });
    expect(res.status).toBe(401);
    const line = requestLines().find((l) => l.request_id === 'req-log-2');
    expect(line).toMatchObject({ status: 401, path: '/v1/series' });
    expect(JSON.stringify(line)).not.toContain('emk_not-a-real-key');
  });
});

describe("the logger's redaction", () => {
  it('still hides passwords and keys in any other line', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logger = createLogger('info', sink);
    logger.info({ password: 'hunter2', upload: { password: 'hunter3', api_key: 'k-secret' } }, 'x');
    logger.child({ module: 'certificates' }).warn({ form: { password: 'hunter4' } }, 'y');
    const text = lines.join('');
    for (const secret of ['hunter2', 'hunter3', 'hunter4', 'k-secret'])
      expect(text).not.toContain(secret);
    expect(text.match(/\[redacted\]/g)).toHaveLength(4);
  });
});
