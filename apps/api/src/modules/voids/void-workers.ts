import type { Credentials } from '@emissor/signer';

import type { Logger } from '../../http/logger.js';
import { startRecordWorkers, type RecordWorkSettings } from '../transmission/record-workers.js';
import type { WorkLoop } from '../transmission/work-loop.js';
import { signedInutNFe } from './inut-message.js';
import { runVoidAttempt } from './void-exchange.js';
import type { VoidQueue } from './void-queue.js';

/**
 * The workers that send queued inutilizações to SEFAZ. An automatic void (origem rejeicao) is
 * signed by its first attempt and stored before it is sent.
 */
export function startVoidWorkers(
  queue: VoidQueue,
  credentialsOf: (certificateId: string) => Promise<Credentials>,
  settings: RecordWorkSettings,
  logger: Logger,
): WorkLoop {
  return startRecordWorkers(
    {
      what: 'inutilização',
      queue,
      credentialsOf,
      async attempt(claimed, credentials) {
        const inutXml =
          claimed.inutXml ??
          (await queue.storeSigned(claimed.voidId, signedInutNFe(claimed, credentials)));
        return runVoidAttempt(settings, claimed, inutXml, credentials);
      },
      logFields: (claimed) => ({
        inutilizacao_id: claimed.voidId,
        origem: claimed.origem,
        serie: claimed.serie,
        numero_inicial: claimed.numero_inicial,
        numero_final: claimed.numero_final,
        ...(claimed.chave && { chave: claimed.chave }),
      }),
      finalFields: (result) =>
        result.kind === 'final'
          ? {
              status: result.status,
              cStat: result.cStat,
              ...(result.status === 'homologada' && { protocolo: result.protocolo }),
            }
          : {},
    },
    settings,
    logger,
  );
}
