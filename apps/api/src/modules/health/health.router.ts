import { contract } from '@emissor/contract';
import { initServer } from '@ts-rest/express';
import { sql, type Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';
import { version } from '../../version.js';

const READY_TIMEOUT_MS = 2_000;

export function healthHandlers({ db }: { db: Kysely<Database> }) {
  return initServer().router(contract.health, {
    // Up means the process answers; it says nothing about the database (that is /ready).
    getHealth: () => Promise.resolve({ status: 200, body: { status: 'ok', version } }),
    getReady: async () => {
      const ok = await Promise.race([
        sql`select 1`.execute(db).then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((resolve) =>
          setTimeout(() => resolve(false), READY_TIMEOUT_MS).unref(),
        ),
      ]);
      return ok
        ? { status: 200, body: { status: 'ok', database: 'ok' } }
        : { status: 503, body: { status: 'unavailable', database: 'unreachable' } };
    },
  });
}
