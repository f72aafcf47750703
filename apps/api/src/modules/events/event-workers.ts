import type { Credentials } from '@emissor/signer';

import type { Logger } from '../../http/logger.js';
import { startRecordWorkers, type RecordWorkSettings } from '../transmission/record-workers.js';
import type { WorkLoop } from '../transmission/work-loop.js';
import { runEventAttempt } from './event-exchange.js';
import type { EventQueue } from './event-queue.js';

/** The workers that send queued cancellations and cartas de correção to SEFAZ. */
export function startEventWorkers(
  queue: EventQueue,
  credentialsOf: (certificateId: string) => Promise<Credentials>,
  settings: RecordWorkSettings,
  logger: Logger,
): WorkLoop {
  return startRecordWorkers(
    {
      what: 'fiscal event',
      queue,
      credentialsOf,
      attempt: (claimed, credentials) => runEventAttempt(settings, claimed, credentials),
      logFields: (claimed) => ({
        event_id: claimed.eventId,
        chave: claimed.chave,
        tipo: claimed.tipo,
        sequencia: claimed.sequencia,
      }),
      finalFields: (result) =>
        result.kind === 'final'
          ? {
              status: result.status,
              cStat: result.cStat,
              ...(result.status === 'registrado' && { protocolo: result.protocolo }),
            }
          : {},
    },
    settings,
    logger,
  );
}
