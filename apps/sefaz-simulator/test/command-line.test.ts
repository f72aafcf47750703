// The command line's own contract, through the built process: settings from the environment, the
// CSRT never printed, bad settings refused before anything starts, and the process staying up when
// PostgreSQL ends its connections (it used to die of an unhandled 'error' event when the embedded
// PostgreSQL stopped before the simulator's pool). The services are tested in packages/sefaz-simulator.
import {
  createDatabase,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '@emissor/test-support';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CliProcess } from './helpers/cli-process.js';
import { adminGet, runCli, startCli } from './helpers/cli-process.js';

const CSRT = 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO';
let postgres: ThrowawayPostgres | undefined;
let databaseUrl: string;
let simulator: CliProcess;

beforeAll(async () => {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    postgres = await startThrowawayPostgres({ maxConnections: 20, persistent: false });
    adminUrl = postgres.adminUrl;
  }
  databaseUrl = await createDatabase(adminUrl, 'sefaz_sim_cli_t');
  simulator = await startCli(databaseUrl, {
    SEFAZ_SIMULATOR_KNOBS: JSON.stringify({ pendingPolls: 2 }),
    SEFAZ_SIMULATOR_CSRT_ID: '01',
    SEFAZ_SIMULATOR_CSRT: CSRT,
  });
});

afterAll(async () => {
  await simulator?.stop();
  await postgres?.server.stop();
  postgres?.removeData();
});

describe('pnpm sefaz-simulator', () => {
  it('runs with the knobs of SEFAZ_SIMULATOR_KNOBS and never prints the CSRT', async () => {
    const knobs = await adminGet(simulator, '/admin/knobs');
    expect(knobs).toMatchObject({ status: 200, json: { pendingPolls: 2 } });
    expect(simulator.output()).toContain('listening on https://127.0.0.1:');
    expect(simulator.output()).not.toContain(CSRT);
  });

  it('survives the server ending every connection of its pool, and answers afterwards', async () => {
    // A query through the pool leaves an idle connection in it.
    expect((await adminGet(simulator, '/admin/documents')).status).toBe(200);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()`,
      );
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Time for the 'error' events to arrive (they killed the process before the fix).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(simulator.child.exitCode).toBeNull();
    expect((await adminGet(simulator, '/admin/documents')).status).toBe(200);
  });

  it('refuses a CSRT id without its CSRT, and knobs that are not JSON, with exit code 2', async () => {
    const loneId = runCli({
      SEFAZ_SIMULATOR_DATABASE_URL: databaseUrl,
      SEFAZ_SIMULATOR_CSRT_ID: '01',
      SEFAZ_SIMULATOR_CSRT: '',
    });
    expect(await loneId.exited).toBe(2);
    expect(loneId.output()).toContain('go together');
    const badKnobs = runCli({
      SEFAZ_SIMULATOR_DATABASE_URL: databaseUrl,
      SEFAZ_SIMULATOR_KNOBS: '{',
    });
    expect(await badKnobs.exited).toBe(2);
    expect(badKnobs.output()).toContain('SEFAZ_SIMULATOR_KNOBS is not JSON');
  });
});
