import type { Credentials } from '@emissor/signer';
import type pg from 'pg';

import type { Logger } from '../../http/logger.js';
import type { RecordWorkSettings } from '../transmission/record-workers.js';
import type { WorkLoop } from '../transmission/work-loop.js';
import { createVoidQueue } from '../voids/void-queue.js';
import { startVoidWorkers } from '../voids/void-workers.js';
import { createEventQueue } from './event-queue.js';
import { startEventWorkers } from './event-workers.js';

/** The workers of events and inutilizações of one process, started and stopped together. */
export function startFiscalWork(
  pool: pg.Pool,
  credentialsOf: (certificateId: string) => Promise<Credentials>,
  settings: RecordWorkSettings,
  logger: Logger,
): WorkLoop {
  const events = startEventWorkers(
    createEventQueue(pool),
    credentialsOf,
    settings,
    logger.child({ module: 'events' }),
  );
  const voids = startVoidWorkers(
    createVoidQueue(pool),
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
