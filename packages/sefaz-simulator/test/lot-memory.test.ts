import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';

import type { RunningSimulator } from '../src/server.js';
import { startSefazSimulator } from '../src/server.js';
import type { Company } from './helpers/companies.js';
import { company } from './helpers/companies.js';
import { createTestDatabase } from './helpers/database.js';
import { enviNFe, nfeRequest, signedNfe } from './helpers/documents.js';
import { SimulatorSession } from './helpers/sefaz-session.js';

/*
 * What a lot waiting for the registry keeps alive. The simulator runs in this process, so its heap
 * is this heap. A lock on the registry holds a 50-NF-e lot between its checks and its protocols;
 * meanwhile only small values may be held: the lot's parsed tree, kept across that wait, outlived
 * V8's young generation under load and made the simulator spend two fifths of its time collecting.
 */

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

let databaseUrl: string;
const dataDir = mkdtempSync(join(tmpdir(), 'sefaz-simulator-memory-'));
let simulator: RunningSimulator;
let session: SimulatorSession;
let acme: Company;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  simulator = await startSefazSimulator({ databaseUrl, dataDir });
  session = new SimulatorSession(simulator);
  acme = company('58716523000119');
});

afterAll(async () => {
  session?.close();
  await simulator?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const heapAfterCollecting = (): number => {
  for (let i = 0; i < 3; i++) collectGarbage();
  return process.memoryUsage().heapUsed;
};

it('keeps no parsed lot alive while the registry makes the lot wait', async () => {
  const base = nfeRequest(acme.cnpj);
  const tenItems = { itens: Array.from({ length: 10 }, () => base.itens[0]!) };
  const notes = Array.from({ length: 50 }, (_, i) =>
    signedNfe(acme, {
      numero: 9000 + i,
      request: { ...tenItems, pagamento: { ...base.pagamento, valor: '5000' } },
    }),
  );
  const message = enviNFe(
    notes.map((n) => n.xml),
    '0',
  );

  const blocker = new pg.Client({ connectionString: databaseUrl });
  await blocker.connect();
  try {
    await blocker.query('begin');
    await blocker.query('lock table sefaz_simulator.nfe in exclusive mode');
    const before = heapAfterCollecting();
    const exchange = session.send(acme, 'NFeAutorizacao4', message);
    // Until the lot's registration waits on the lock: its checks are done, its protocols not kept.
    for (let waited = 0; ; waited += 50) {
      const { rows } = await blocker.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where wait_event_type = 'Lock' and datname = current_database()`,
      );
      if (rows[0]?.n) break;
      if (waited > 20_000) throw new Error('the lot never reached the registry');
      await new Promise((r) => setTimeout(r, 50));
    }
    const held = heapAfterCollecting() - before;
    await blocker.query('rollback');
    const answer = await exchange;
    expect(answer.answer.kind).toBe('retEnviNFe');
    if (answer.answer.kind !== 'retEnviNFe') return;
    expect(answer.answer.cStat).toBe('103');
    // Held while it waits: the texts in flight (the client's envelope and the server's copy of it,
    // each as long as the 400-KB lot) and 50 small verdicts, 1.6 MB when this was written. The
    // parsed tree of 50 ten-item notes, held as well before, made it 7.4 MB.
    expect(message.length).toBeGreaterThan(400_000);
    expect(held).toBeLessThan(4_000_000);
  } finally {
    await blocker.end();
  }
});
