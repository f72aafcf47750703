import {
  buildConsReciNFe,
  buildEnviNFeParts,
  classifyAutorizacao,
  cStatMeaning,
  type Ambiente,
  type NfeOutcome,
  type TlsCredentials,
} from '@emissor/sefaz';

import { idLoteOf, notSentBefore, runAttempt } from './exchange.js';
import { isMessageError } from './local-failure.js';
import { laterOf, resultOfNfe } from './outcomes.js';
import { sefazCaller, type ExchangeSettings } from './sefaz-call.js';
import type { AttemptResult, ClaimedDocument, ClaimedToSend } from './transmission-store.js';
import { resultsOfUnbuiltLot } from './unbuilt-lot.js';

/**
 * Sends several NF-e of one certificate, UF and ambiente as one asynchronous lot (indSinc=0).
 * SEFAZ answers 103 with a recibo, stored on every document of the lot and polled later
 * (`pollReceipt`). Every document was marked `sent` by its claim, so a lot whose answer is lost
 * is settled by consulting each chave before anything is resent. A document no lot can carry is
 * left out and the others sent without it (unbuilt-lot.ts). Results are in `lot`'s order.
 */
export async function sendLot(
  settings: ExchangeSettings,
  lot: readonly ClaimedToSend[],
  credentials: TlsCredentials,
): Promise<AttemptResult[]> {
  const [first] = lot;
  if (!first || lot.length < 2) throw new Error('a lot has at least two documents');
  const call = sefazCaller(settings, first.chave, first.ambiente as Ambiente, credentials);
  let parts: readonly string[];
  try {
    // In pieces: the lot (up to 500 KB) is written to the connection without being put together.
    parts = buildEnviNFeParts({
      idLote: idLoteOf(first.attempt),
      sincrono: false,
      nfes: lot.map((d) => d.xml),
    });
  } catch (error) {
    if (!isMessageError(error)) throw error;
    return resultsOfUnbuiltLot(lot, error.message, settings.retryBaseMs, async (rest) => {
      const [only, ...more] = rest;
      if (only && more.length === 0) return [await runAttempt(settings, only, credentials)];
      return sendLot(settings, rest, credentials);
    });
  }
  const { answer, failure } = await call('NFeAutorizacao4', parts);
  if (failure)
    return together(
      lot.map((d) => laterOf(d, settings.retryBaseMs, failure, notSentBefore(d, failure))),
    );
  if (answer.kind !== 'retEnviNFe') throw new Error(`unexpected ${answer.kind}`);
  const meaning = cStatMeaning('lote', answer.cStat);
  if (meaning.kind === 'final') {
    // The lot was refused as a whole (e.g. 225 for one bad document, 214 for its size): none of its
    // NF-e was judged. Each is consulted and then sent alone, where it gets its own verdict.
    const refused = {
      kind: 'unknown' as const,
      reason: `lot refused: ${answer.cStat} ${answer.xMotivo}`,
    };
    return together(lot.map((d) => laterOf(d, settings.retryBaseMs, refused)));
  }
  const outcomes = classifyAutorizacao(
    answer,
    lot.map((d) => d.chave),
  );
  return together(
    lot.map((d, i) => {
      const outcome = outcomeAt(outcomes, i);
      if (outcome.classification.kind === 'retryable')
        return laterOf(
          d,
          settings.retryBaseMs,
          outcome.classification,
          notSentBefore(d, outcome.classification),
        );
      return resultOfNfe(d, outcome, {
        retryBaseMs: settings.retryBaseMs,
        tMed: answer.recibo?.tMed,
      });
    }),
  );
}

/**
 * Asks once (NFeRetAutorizacao4) for the result of the lot behind `recibo`, for every document
 * of it claimed together: 104 settles each from its protNFe; 103/105 asks again later, paced by
 * tMed and the time already waited (`receipt-pacing.ts`); 106 or an answer about the query
 * rather than the lot sends each chave to consultation.
 */
export async function pollReceipt(
  settings: ExchangeSettings,
  lot: readonly ClaimedDocument[],
  credentials: TlsCredentials,
): Promise<AttemptResult[]> {
  const [first] = lot;
  if (!first?.recibo) throw new Error('a receipt poll needs documents with a recibo');
  const ambiente = first.ambiente as Ambiente;
  const call = sefazCaller(settings, first.chave, ambiente, credentials);
  const { answer, failure } = await call(
    'NFeRetAutorizacao4',
    buildConsReciNFe({ ambiente, nRec: first.recibo }),
  );
  // A query that failed changed nothing: keep the recibo and ask again after a back-off.
  if (failure) return together(lot.map((d) => laterOf(d, settings.retryBaseMs, failure)));
  if (answer.kind !== 'retConsReciNFe') throw new Error(`unexpected ${answer.kind}`);
  const meaning = cStatMeaning('lote', answer.cStat);
  if (meaning.kind === 'final') {
    // A refusal of the query (223, 252, …) says nothing about the NF-e: settle them by chave.
    const unknown = {
      kind: 'unknown' as const,
      reason: `receipt query ${answer.cStat} ${answer.xMotivo}`,
    };
    return together(lot.map((d) => laterOf(d, settings.retryBaseMs, unknown, { recibo: null })));
  }
  const recibo = first.recibo;
  if (meaning.kind === 'pending') {
    // Still processing (105, or 103 again): ask again later, keeping the recibo we asked with.
    const pending = { kind: 'pending' as const, cStat: answer.cStat, xMotivo: answer.xMotivo };
    return lot.map((d) =>
      resultOfNfe(
        d,
        { chave: d.chave, nRec: recibo, classification: pending },
        {
          retryBaseMs: settings.retryBaseMs,
          tMed: undefined,
        },
      ),
    );
  }
  const outcomes = classifyAutorizacao(
    answer,
    lot.map((d) => d.chave),
  );
  return together(
    lot.map((d, i) => {
      const outcome = outcomeAt(outcomes, i);
      const { classification } = outcome;
      // 108/109/656 about the query: the lot is still there, ask again after the pause.
      if (classification.kind === 'retryable' || classification.kind === 'throttled')
        return laterOf(d, settings.retryBaseMs, classification);
      return resultOfNfe(d, outcome, { retryBaseMs: settings.retryBaseMs, tMed: undefined });
    }),
  );
}

/** classifyAutorizacao answers in the order of the chaves it was given. */
function outcomeAt(outcomes: readonly NfeOutcome[], index: number): NfeOutcome {
  const outcome = outcomes[index];
  if (!outcome) throw new Error(`no outcome for the lot's document ${index}`);
  return outcome;
}

/**
 * The documents of one lot that try again do so at one moment (the first one's delay, jitter
 * included), so that they are claimed, sent or polled together again.
 */
function together(results: AttemptResult[]): AttemptResult[] {
  const first = results.find((r) => r.kind === 'later');
  if (!first || first.kind !== 'later') return results;
  return results.map((r) => (r.kind === 'later' ? { ...r, delayMs: first.delayMs } : r));
}
