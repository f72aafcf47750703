import {
  buildConsSitNFe,
  buildEnvEvento,
  buildProcEventoNFe,
  classifyConsulta,
  classifyEventos,
  isDuplicateEvento,
  registeredEvento,
  TP_EVENTO_CANCELAMENTO,
  TP_EVENTO_CARTA_CORRECAO,
  type Ambiente,
  type Classification,
  type RetEvento,
  type TlsCredentials,
} from '@emissor/sefaz';

import { idLoteOf, type ExchangeSettings } from '../transmission/exchange.js';
import { laterAttempt } from '../transmission/retry-delay.js';
import { sefazCaller } from '../transmission/sefaz-call.js';
import type { ClaimedEvent, EventAttemptResult } from './event-queue.js';

const TP_EVENTO = {
  cancelamento: TP_EVENTO_CANCELAMENTO,
  carta_correcao: TP_EVENTO_CARTA_CORRECAO,
} as const;

/**
 * One attempt for one event, in the order that registers it exactly once: an event that may have
 * been sent (a lost answer, 573) is looked for in NFeConsultaProtocolo4's list of the chave's
 * registered events, and sent again only if it is not there; otherwise it is sent (one evento per
 * envEvento, NFeRecepcaoEvento4).
 */
export async function runEventAttempt(
  settings: ExchangeSettings,
  claimed: ClaimedEvent,
  credentials: TlsCredentials,
): Promise<EventAttemptResult> {
  const ambiente = claimed.ambiente as Ambiente;
  // An SVC registers only the cancellation of its own NF-e; a carta de correção goes to the authoriser.
  const call = sefazCaller(settings, claimed.chave, ambiente, credentials, {
    authoriserOnly: claimed.tipo !== 'cancelamento',
  });
  const tpEvento = TP_EVENTO[claimed.tipo];
  const later = (classification: Classification) =>
    laterAttempt(classification, claimed.attempt, settings.retryBaseMs);

  if (claimed.maybeSent) {
    const { answer, failure } = await call(
      'NFeConsultaProtocolo4',
      buildConsSitNFe({ ambiente, chave: claimed.chave }),
    );
    if (failure) return later(failure);
    if (answer.kind !== 'retConsSitNFe') throw new Error(`unexpected ${answer.kind}`);
    const consulta = classifyConsulta(answer);
    if (consulta.kind !== 'final') return later(consulta);
    const registered = registeredEvento(answer, {
      chave: claimed.chave,
      tpEvento,
      nSeqEvento: claimed.sequencia,
    })?.retEvento;
    if (registered) return registeredResult(claimed, registered);
    // SEFAZ said it holds this event but does not list it: sending again would only meet 573
    // again (and, repeated, 656); the event is settled as refused with SEFAZ's own code.
    if (claimed.lastCStat !== null && isDuplicateEvento(claimed.lastCStat))
      return {
        kind: 'final',
        status: 'rejeitado',
        cStat: claimed.lastCStat,
        xMotivo:
          'Rejeição: Duplicidade de Evento (the event is not listed by NFeConsultaProtocolo4)',
      };
    // Not registered: sending now cannot register it twice.
  }

  const { answer, failure } = await call(
    'NFeRecepcaoEvento4',
    buildEnvEvento({ idLote: idLoteOf(claimed.attempt), eventos: [claimed.eventoXml] }),
  );
  if (failure) return later(failure);
  if (answer.kind !== 'retEnvEvento') throw new Error(`unexpected ${answer.kind}`);
  const [outcome] = classifyEventos(answer, [
    { chave: claimed.chave, tpEvento, nSeqEvento: claimed.sequencia },
  ]);
  if (!outcome) throw new Error('no outcome for the event');
  const { classification, retEvento } = outcome;
  if (classification.kind === 'final' && retEvento) {
    if (classification.result === 'registrado') return registeredResult(claimed, retEvento);
    return {
      kind: 'final',
      status: 'rejeitado',
      cStat: classification.cStat,
      xMotivo: classification.xMotivo,
    };
  }
  // A lot-level refusal (no retEvento) settles nothing about this event's registration by itself;
  // `sent` makes the next attempt consult first.
  return later(classification);
}

function registeredResult(claimed: ClaimedEvent, retEvento: RetEvento): EventAttemptResult {
  return {
    kind: 'final',
    status: 'registrado',
    cStat: retEvento.cStat,
    xMotivo: retEvento.xMotivo,
    protocolo: retEvento.nProt ?? null,
    registradoEm: retEvento.dhRegEvento ?? null,
    procXml: buildProcEventoNFe(claimed.eventoXml, retEvento.xml),
  };
}
