import type { Credentials } from '@emissor/signer';
import type pg from 'pg';

import type { Logger } from '../../logging/logger.js';
import type { WorkEngine } from '../../queue/work-engine.js';
import { createVoidStore } from '../voids/void-queue.js';
import { startVoidWorkers } from '../voids/void-workers.js';
import { createEventStore } from './event-queue.js';
import { startEventWorkers, type FiscalWorkSettings } from './event-workers.js';

export type { FiscalWorkSettings } from './event-workers.js';

/** The workers of events and inutilizações of one process, started and stopped together. */
export function startFiscalWork(
  pool: pg.Pool,
  credentialsOf: (certificateId: string) => Promise<Credentials>,
  settings: FiscalWorkSettings,
  logger: Logger,
): WorkEngine {
  const events = startEventWorkers(
    createEventStore(pool),
    credentialsOf,
    settings,
    logger.child({ module: 'events' }),
  );
  const voids = startVoidWorkers(
    createVoidStore(pool),
    credentialsOf,
    settings,
    logger.child({ module: 'inutilizacoes' }),
  );
  return {
    poke() {
      events.poke();
      voids.poke();
    },
    async stop() {
      await Promise.all([events.stop(), voids.stop()]);
    },
  };
}
