import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startSefazSimulator, type RunningSimulator } from '@emissor/sefaz-simulator';

import { spawnApi, waitUntilReady, type ApiProcess } from './api-process.js';
import { createTestDatabase } from './database.js';
import { simulatorAdmin } from './local-sefaz.js';
import { startTestServer, type TestServer } from './server.js';

/**
 * What the suites that spawn built API processes (`node dist/main.js`) share: a database, an
 * in-test server with SEFAZ off that prepares products, series and certificates and reads back,
 * and a local SEFAZ of their own (with its SVC) that every spawned process talks to as to an
 * authoriser (SEFAZ=official with SEFAZ_URL, SEFAZ_SVC_URL and its CA).
 */
export interface ProcessStack {
  databaseUrl: string;
  setup: TestServer;
  simulator: RunningSimulator;
  admin: ReturnType<typeof simulatorAdmin>;
  /** A transmitting API process, ready; `env` adds or overrides variables. Killed by `close`. */
  transmittingApi(env?: Record<string, string>): Promise<ApiProcess>;
  close(): Promise<void>;
}

export async function startProcessStack(): Promise<ProcessStack> {
  const databaseUrl = await createTestDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'emissor-processes-'));
  const [setup, simulator] = await Promise.all([
    startTestServer({ databaseUrl }),
    startSefazSimulator({ databaseUrl, dataDir: dir, port: 0 }),
  ]);
  const spawned: ApiProcess[] = [];
  return {
    databaseUrl,
    setup,
    simulator,
    admin: simulatorAdmin(simulator),
    async transmittingApi(env = {}) {
      const api = await spawnApi(databaseUrl, {
        SEFAZ: 'official',
        SEFAZ_URL: simulator.url,
        SEFAZ_SVC_URL: simulator.svcUrl,
        SEFAZ_CA_FILE: simulator.caPath,
        SEFAZ_TIMEOUT_MS: '4000',
        SEFAZ_POLL_MS: '100',
        SEFAZ_RETRY_BASE_MS: '100',
        ...env,
      });
      spawned.push(api);
      await waitUntilReady(api);
      return api;
    },
    async close() {
      for (const api of spawned) api.child.kill('SIGKILL');
      await Promise.all([simulator.close(), setup.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
