// The simulator keeps a pool of PostgreSQL connections. When the server ends them (it stops
// first at shutdown, restarts, or an operator terminates them), the simulator must not die of an
// unhandled 'error' event: it answers again once PostgreSQL is back. `npm start` used to print
// such a crash when the embedded PostgreSQL stopped before the simulator's pool.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSimulator } from '../src/server.js';
import type { Company } from './helpers/companies.js';
import { company } from './helpers/companies.js';
import { createTestDatabase } from './helpers/database.js';
import { enviNFe, signedNfe } from './helpers/documents.js';
import { consStatServ } from './helpers/messages.js';
import { SimulatorSession } from './helpers/sefaz-session.js';
import { startTestSimulator } from './helpers/simulator.js';
import { field } from './helpers/soap-call.js';

let databaseUrl: string;
let simulator: RunningSimulator;
let session: SimulatorSession;
let acme: Company;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  simulator = await startTestSimulator(databaseUrl);
  session = new SimulatorSession(simulator);
  acme = company('58716523000119');
});

afterAll(async () => {
  session?.close();
  await simulator?.close();
});

describe('losing its PostgreSQL connections', () => {
  it('survives the server ending every connection of its pool, and answers afterwards', async () => {
    const first = await session.send(
      acme,
      'NFeAutorizacao4',
      enviNFe([signedNfe(acme, { numero: 1 }).xml], '1'),
    );
    expect(field(first.message, 'cStat')).toBe('104');

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
    // Time for the 'error' events to arrive: an unhandled one would end this test process (the
    // command line's own test checks that its process stays up).
    await new Promise((resolve) => setTimeout(resolve, 500));

    const status = await session.send(acme, 'NFeStatusServico4', consStatServ('35'));
    expect(field(status.message, 'cStat')).toBe('107');
    const second = await session.send(
      acme,
      'NFeAutorizacao4',
      enviNFe([signedNfe(acme, { numero: 2 }).xml], '1'),
    );
    expect(field(second.message, 'cStat')).toBe('104');
  });
});
