import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { createEmissorClient } from '@emissor/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from '../helpers/server.js';

const CLI = fileURLToPath(new URL('../../dist/admin/cli.js', import.meta.url));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/**
 * The operator CLI as a separate process against the same database as the running API (async: the
 * API under test lives in this process and must keep serving meanwhile).
 */
function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      {
        env: { ...process.env, DATABASE_URL: server.databaseUrl, NODE_ENV: 'test' },
        encoding: 'utf8',
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

/** The secret part of `emk_<16 hex>_<secret>` (the secret may itself contain `_`). */
const secretOf = (key: string) => key.slice('emk_0123456789abcdef_'.length);

const query = { query: { tenant_ref: 't', branch_ref: 'b' } };

describe('pnpm admin', () => {
  it('product create --json prints exactly one JSON object whose key works at once', async () => {
    const created = await admin('product', 'create', '--name', 'loja virtual', '--json');
    expect(created.code).toBe(0);
    const product = JSON.parse(created.stdout) as { id: string; name: string; api_key: string };
    expect(Object.keys(product)).toEqual(['id', 'name', 'api_key']);
    expect(product).toMatchObject({
      name: 'loja virtual',
      api_key: expect.stringMatching(/^emk_[0-9a-f]{16}_[\w-]{43}$/),
    });
    expect(created.stdout.trim()).toBe(JSON.stringify(product));

    const client = createEmissorClient({ baseUrl: server.url, apiKey: product.api_key });
    expect((await client.series.listSeries(query)).status).toBe(200);

    const stored = await server.database.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secretOf(product.api_key));
  });

  it('product list shows products and never keys', async () => {
    const created = JSON.parse(
      (await admin('product', 'create', '--name', 'listed', '--json')).stdout,
    ) as { id: string; api_key: string };
    const list = await admin('product', 'list');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(created.id);
    expect(list.stdout).toContain('listed');
    expect(list.stdout).not.toContain(created.api_key);
    expect(list.stdout).not.toContain('emk_');
  });

  it('product rotate-key gives a new key; the old one stops working', async () => {
    const created = JSON.parse(
      (await admin('product', 'create', '--name', 'rotating', '--json')).stdout,
    ) as { id: string; api_key: string };
    const rotated = await admin('product', 'rotate-key', '--id', created.id, '--json');
    expect(rotated.code).toBe(0);
    const next = JSON.parse(rotated.stdout) as { id: string; api_key: string };
    expect(next.id).toBe(created.id);
    expect(next.api_key).not.toBe(created.api_key);
    expect(
      (
        await createEmissorClient({
          baseUrl: server.url,
          apiKey: created.api_key,
        }).series.listSeries(query)
      ).status,
    ).toBe(401);
    expect(
      (
        await createEmissorClient({ baseUrl: server.url, apiKey: next.api_key }).series.listSeries(
          query,
        )
      ).status,
    ).toBe(200);
  });

  it('product delete soft-deletes: the key gives 401 and the product shows as deleted', async () => {
    const created = JSON.parse(
      (await admin('product', 'create', '--name', 'leaving', '--json')).stdout,
    ) as { id: string; api_key: string };
    expect((await admin('product', 'delete', '--id', created.id)).code).toBe(0);
    expect(
      (
        await createEmissorClient({
          baseUrl: server.url,
          apiKey: created.api_key,
        }).series.listSeries(query)
      ).status,
    ).toBe(401);
    expect((await admin('product', 'list')).stdout).toMatch(new RegExp(`${created.id}.*deleted`));
    expect((await admin('product', 'delete', '--id', created.id)).code).toBe(2);
  });

  it('migrate reports nothing pending on a migrated database', async () => {
    const result = await admin('migrate');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('no pending migrations');
  });

  it.each([
    [['product', 'create', '--json'], '--name'],
    [['product', 'delete', '--id', 'not-a-uuid'], '--id'],
    [['product', 'frobnicate'], 'unknown command'],
    [['product', 'create', '--name', 'x', '--bogus'], 'Unknown option'],
  ])('usage errors exit 2 with a message on stderr: %j', async (args, message) => {
    const result = await admin(...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
  });
});
