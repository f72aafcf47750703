import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import {
  createProductWithCli,
  spawnApi,
  waitUntilReady,
  type ApiProcess,
} from '../helpers/api-process.js';
import { freePort } from '../helpers/global-postgres.js';
import { holdRequest } from '../helpers/held-request.js';

const dataDir = mkdtempSync(join(tmpdir(), 'emissor-embedded-drain-'));
// As root the embedded server runs as the `postgres` user, which must be able to enter the folder.
chmodSync(dataDir, 0o755);
let api: ApiProcess | undefined;
const postmasterPidFile = join(dataDir, 'postgres', 'postmaster.pid');
afterAll(async () => {
  // Only on a failure is anything left running: the API, and the server it started, which a
  // killed API leaves behind (SIGQUIT: PostgreSQL's immediate shutdown).
  if (api && api.child.exitCode === null) {
    api.child.kill('SIGKILL');
    await api.exited;
  }
  if (existsSync(postmasterPidFile)) {
    try {
      process.kill(Number(readFileSync(postmasterPidFile, 'utf8').split('\n')[0]), 'SIGQUIT');
    } catch {
      // already gone
    }
    await sleep(500);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the API on its embedded PostgreSQL', () => {
  it('drains a request in flight at SIGTERM before it stops the database, and exits 0', async () => {
    const env = {
      NODE_ENV: 'development',
      EMISSOR_DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
    };
    api = await spawnApi('', env);
    await waitUntilReady(api, '/v1/health/ready', 120_000);
    const apiKey = await createProductWithCli(env);

    // A request whose body is still arriving when the signal comes: the API must finish it, and it
    // needs the database to (a new series).
    const held = await holdRequest(
      `${api.url}/v1/series`,
      { 'x-api-key': apiKey, 'content-type': 'application/json' },
      JSON.stringify({ tenant_ref: 't', branch_ref: 'b', serie: 1, next_number: 1 }),
    );
    api.child.kill('SIGTERM');
    const deadline = Date.now() + 10_000;
    while (!api.output().includes('shutting down') && Date.now() < deadline) await sleep(20);
    expect(api.output()).toContain('shutting down');
    // Long enough for a handler that stops the database at the signal to have done so: the
    // embedded-postgres package's own did, and then exited with 143.
    await sleep(1_500);

    const { status, text } = await held.release();
    expect(status, `${text}\n${api.output()}`).toBe(201);
    expect(await api.exited).toBe(0);
    // The server was stopped, cleanly: PostgreSQL removes its pid file only then.
    expect(existsSync(postmasterPidFile)).toBe(false);
    expect(api.output()).not.toContain('terminating connection');
  }, 180_000);
});
