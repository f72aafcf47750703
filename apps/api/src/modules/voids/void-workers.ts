import type { Credentials } from '@emissor/signer';

import type { Logger } from '../../logging/logger.js';
import { startRecordWork, type RecordWorkSettings } from '../../queue/record-work.js';
import type { WorkEngine } from '../../queue/work-engine.js';
import { withCertificate } from '../transmission/no-certificate.js';
import type { ExchangeSettings } from '../transmission/sefaz-call.js';
import { signedInutNFe } from './inut-message.js';
import { runVoidAttempt } from './void-exchange.js';
import type { VoidStore } from './void-queue.js';

/**
 * The workers that send queued inutilizações to SEFAZ. An automatic void (origem rejeicao) is
 * signed by its first attempt and stored before it is sent.
 */
export function startVoidWorkers(
  store: VoidStore,
  credentialsOf: (certificateId: string) => Promise<Credentials>,
  settings: RecordWorkSettings & ExchangeSettings,
  logger: Logger,
): WorkEngine {
  return startRecordWork(
    {
      what: 'inutilização',
      store,
      attempt: (claimed) =>
        withCertificate(claimed.certificateId, credentialsOf, async (credentials) => {
          const inutXml =
            claimed.inutXml ??
            (await store.storeSigned(claimed.voidId, signedInutNFe(claimed, credentials)));
          return runVoidAttempt(settings, claimed, inutXml, credentials);
        }),
      logFields: (claimed) => ({
        inutilizacao_id: claimed.voidId,
        origem: claimed.origem,
        serie: claimed.serie,
        numero_inicial: claimed.numero_inicial,
        numero_final: claimed.numero_final,
        ...(claimed.chave && { chave: claimed.chave }),
      }),
      finalFields: (result) => ({
        status: result.status,
        cStat: result.cStat,
        ...(result.status === 'homologada' && { protocolo: result.protocolo }),
      }),
    },
    settings,
    logger,
  );
}
