import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';
import type { Logger } from '../../logging/logger.js';
import { openSvcPeriods, type SvcPeriod } from './contingency-periods.js';

/**
 * Which UFs are in SVC contingency, as this process last read them. Emissions ask it for every
 * document under the series lock, so it answers from memory; it reads the table again every
 * `refreshMs` (one short query of a table with a row per UF in contingency) and at once after this
 * process switched a UF. A document numbered in the moment another process switched is issued
 * normally and re-issued in SVC before it is sent (reissue.ts): the lag costs a signature, never
 * a wrong document.
 */
export interface ContingencyBook {
  /** The open SVC period of a UF (`SP`) and ambiente, or undefined: normal emission. */
  periodOf(uf: string, ambiente: string): SvcPeriod | undefined;
  /** Every open period. */
  periods(): readonly SvcPeriod[];
  refresh(): Promise<void>;
  stop(): void;
}

const keyOf = (uf: string, ambiente: string) => `${uf}|${ambiente}`;

export function startContingencyBook(
  db: Kysely<Database>,
  logger: Logger,
  refreshMs = 1_000,
): ContingencyBook {
  let open = new Map<string, SvcPeriod>();
  let stopped = false;
  // Reads run one after another, so a refresh asked after a switch reads after it.
  let reads = Promise.resolve();

  const read = async () => {
    try {
      const periods = await openSvcPeriods(db);
      open = new Map(periods.map((p) => [keyOf(p.uf, p.ambiente), p]));
    } catch (error) {
      // The last reading stands until the database answers again.
      if (!stopped) logger.warn({ err: error }, 'contingency modes could not be read');
    }
  };
  let queued = 0;
  const refresh = () => {
    queued++;
    return (reads = reads.then(read).finally(() => queued--));
  };
  // The timer adds no read while one waits (a database that hangs must not pile them up); a
  // refresh asked after a switch always queues one.
  const timer = setInterval(() => {
    if (queued === 0) void refresh();
  }, refreshMs);
  timer.unref();
  void refresh();

  return {
    periodOf: (uf, ambiente) => open.get(keyOf(uf, ambiente)),
    periods: () => [...open.values()],
    refresh,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
