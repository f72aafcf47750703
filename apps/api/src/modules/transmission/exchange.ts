import {
  buildConsSitNFe,
  buildEnviNFeParts,
  classifyAutorizacao,
  classifyConsulta,
  type Ambiente,
  type SefazAnswer,
  type TlsCredentials,
} from '@emissor/sefaz';

import { isMessageError, localFailure } from './local-failure.js';
import { finalOf, laterOf, resultOfNfe } from './outcomes.js';
import { sefazCaller, type ExchangeSettings } from './sefaz-call.js';
import type { AttemptResult, ClaimedDocument, ClaimedToSend } from './transmission-store.js';

export type { ExchangeSettings } from './sefaz-call.js';

/**
 * One attempt for one document, in the order that keeps it authorised exactly once: a document
 * that may have been sent is consulted by chave, and sent again only if SEFAZ never received it;
 * otherwise it is sent (one NF-e, indSinc=1). A document whose message cannot be built is never
 * sent, and fails locally (local-failure.ts) once SEFAZ is known not to hold it. Receipts and lots
 * are `lot-exchange.ts`.
 */
export async function runAttempt(
  settings: ExchangeSettings,
  claimed: ClaimedToSend,
  credentials: TlsCredentials,
): Promise<AttemptResult> {
  const ambiente = claimed.ambiente as Ambiente;
  const call = sefazCaller(settings, claimed.chave, ambiente, credentials);
  const retryLater = (failure: Parameters<typeof laterOf>[2]) =>
    laterOf(claimed, settings.retryBaseMs, failure);
  const message = enviNFeOf(claimed);

  if (claimed.maybeSent) {
    const { answer, failure } = await call(
      'NFeConsultaProtocolo4',
      buildConsSitNFe({ ambiente, chave: claimed.chave }),
    );
    if (failure) return retryLater(failure);
    if (answer.kind !== 'retConsSitNFe') throw new Error(`unexpected ${answer.kind}`);
    const classification = classifyConsulta(answer);
    if (classification.kind !== 'final') return retryLater(classification);
    if (classification.result === 'inexistente') {
      // 539: SEFAZ holds another chave under this number; nothing under ours, so it is refused.
      if (claimed.lastCStat === '539')
        return {
          kind: 'final',
          status: 'rejeitada',
          cStat: '539',
          xMotivo: 'Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso',
        };
      if (!message.enviNFe) return localFailure(claimed, message.problem, settings.retryBaseMs);
      // SEFAZ never received it: sending now cannot authorise it twice.
      settings.observer.recovered('resent');
    } else {
      const found = finalOf(claimed, classification, answer.protNFe);
      if (found) {
        settings.observer.recovered('found');
        return found;
      }
      return retryLater({ kind: 'unknown', reason: `consulta ${answer.cStat} without protNFe` });
    }
  }

  if (!message.enviNFe) return localFailure(claimed, message.problem, settings.retryBaseMs);
  const { answer, failure } = await call('NFeAutorizacao4', message.enviNFe);
  if (failure)
    // Never reached SEFAZ, and no earlier attempt did: the next attempt may send without consulting.
    return laterOf(claimed, settings.retryBaseMs, failure, notSentBefore(claimed, failure));
  return resultOfSend(claimed, settings.retryBaseMs, answer);
}

/**
 * The document's enviNFe (as its pieces: nothing is joined for a document that is then found by
 * the consultation), or why it cannot be built, which is the same on every attempt.
 */
function enviNFeOf(
  claimed: ClaimedToSend,
): { enviNFe: readonly string[]; problem?: undefined } | { enviNFe?: undefined; problem: string } {
  try {
    return {
      enviNFe: buildEnviNFeParts({
        idLote: idLoteOf(claimed.attempt),
        sincrono: true,
        nfes: [claimed.xml],
      }),
    };
  } catch (error) {
    if (!isMessageError(error)) throw error;
    return { problem: error.message };
  }
}

function resultOfSend(
  claimed: ClaimedDocument,
  retryBaseMs: number,
  answer: SefazAnswer,
): AttemptResult {
  if (answer.kind !== 'retEnviNFe') throw new Error(`unexpected ${answer.kind}`);
  const [outcome] = classifyAutorizacao(answer, [claimed.chave]);
  if (!outcome) throw new Error('no outcome for the chave');
  if (outcome.classification.kind === 'retryable')
    return laterOf(
      claimed,
      retryBaseMs,
      outcome.classification,
      notSentBefore(claimed, outcome.classification),
    );
  return resultOfNfe(claimed, outcome, { retryBaseMs, tMed: answer.recibo?.tMed });
}

/**
 * A send SEFAZ refused as a whole (108/109) or that never left: nothing reached it. When no
 * earlier attempt had sent the document either, the row goes back to "never sent", so the next
 * attempt sends (possibly in a lot) instead of consulting first.
 */
export function notSentBefore(
  claimed: ClaimedDocument,
  classification: { kind: string },
): { notSent?: true } {
  return classification.kind === 'retryable' && !claimed.maybeSent ? { notSent: true } : {};
}

/** 1–15 digits; SEFAZ echoes it back and uses it for nothing, so the attempt's time will do. */
export function idLoteOf(attempt: number): string {
  return `${Date.now()}${attempt % 100}`.slice(-15);
}
