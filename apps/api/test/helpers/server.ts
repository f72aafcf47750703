import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';

import { createEmissorClient } from '@emissor/client';

import { loadEnv } from '../../src/env.js';
import { createLogger } from '../../src/logging/logger.js';
import { createProduct } from '../../src/modules/products/products.service.js';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server.js';
import { createMigratedTestDatabase } from './database.js';

export const TEST_MASTER_KEY = 'test-master-key-with-at-least-32-characters!';

export type TestProduct = Awaited<ReturnType<TestServer['newProduct']>>;

export interface TestServer extends RunningServer {
  databaseUrl: string;
  /** Every log line the server wrote, parsed (tests look for leaked secrets in them). */
  logs: string[];
  /** A new product and a client authenticated with its key. */
  newProduct(
    name?: string,
  ): Promise<{ id: string; apiKey: string; client: ReturnType<typeof createEmissorClient> }>;
}

export type TestServerOptions = ServerOptions & {
  env?: Record<string, string>;
  databaseUrl?: string;
};

/**
 * The real server (migrations, keyring, Express on a real port) on a fresh database of the test
 * PostgreSQL: a copy of the run's migrated template unless `databaseUrl` names another. Tests talk
 * to it over HTTP through @emissor/client. Unless `env` names one, its EMISSOR_DATA_DIR (where a
 * local SEFAZ keeps its CA and keys) is a folder of its own, removed on close.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const databaseUrl = options.databaseUrl ?? (await createMigratedTestDatabase());
  const ownDataDir = options.env?.EMISSOR_DATA_DIR
    ? undefined
    : mkdtempSync(join(tmpdir(), 'emissor-api-test-'));
  const removeDataDir = () => {
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    EMISSOR_MASTER_KEY: TEST_MASTER_KEY,
    API_KEY_CACHE_TTL_MS: '0',
    LOG_LEVEL: 'info',
    // Tests written before transmission expect `assinada`; transmission tests turn it on.
    SEFAZ: 'off',
    ...(ownDataDir && { EMISSOR_DATA_DIR: ownDataDir }),
    ...options.env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  let server: RunningServer;
  try {
    server = await startServer(env, createLogger(env.LOG_LEVEL, sink), options);
  } catch (error) {
    removeDataDir();
    throw error;
  }
  return {
    ...server,
    async close() {
      await server.close();
      removeDataDir();
    },
    databaseUrl,
    logs,
    async newProduct(name = 'test product') {
      const product = await createProduct(server.database.db, name);
      return {
        id: product.id,
        apiKey: product.api_key,
        client: createEmissorClient({ baseUrl: server.url, apiKey: product.api_key }),
      };
    },
  };
}
