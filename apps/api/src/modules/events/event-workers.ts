import type { Credentials } from '@emissor/signer';

import type { Logger } from '../../logging/logger.js';
import { startRecordWork, type RecordWorkSettings } from '../../queue/record-work.js';
import type { WorkEngine } from '../../queue/work-engine.js';
import { withCertificate } from '../transmission/no-certificate.js';
import type { ExchangeSettings } from '../transmission/sefaz-call.js';
import { runEventAttempt } from './event-exchange.js';
import type { EventStore } from './event-queue.js';

export type FiscalWorkSettings = RecordWorkSettings & ExchangeSettings;

/** The workers that send queued cancellations and cartas de correção to SEFAZ. */
export function startEventWorkers(
  store: EventStore,
  credentialsOf: (certificateId: string) => Promise<Credentials>,
  settings: FiscalWorkSettings,
  logger: Logger,
): WorkEngine {
  return startRecordWork(
    {
      what: 'fiscal event',
      store,
      attempt: (claimed) =>
        withCertificate(claimed.certificateId, credentialsOf, (credentials) =>
          runEventAttempt(settings, claimed, credentials),
        ),
      logFields: (claimed) => ({
        event_id: claimed.eventId,
        chave: claimed.chave,
        tipo: claimed.tipo,
        sequencia: claimed.sequencia,
      }),
      finalFields: (result) => ({
        status: result.status,
        cStat: result.cStat,
        ...(result.status === 'registrado' && { protocolo: result.protocolo }),
      }),
    },
    settings,
    logger,
  );
}
