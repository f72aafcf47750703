import {
  ProcAssemblyError,
  type Classification,
  type NfeOutcome,
  type ProtNFe,
} from '@emissor/sefaz';

import { receiptPollDelayMs } from './receipt-pacing.js';
import { laterAttempt } from './retry-delay.js';
import type { AttemptResult, ClaimedDocument } from './transmission-store.js';

/** 635: "NF-e com mesmo número e série já transmitida e aguardando processamento" (sefaz.md §8). */
const NUMBER_IN_PROCESSING = '635';

/** The stored result of a final classification, or undefined when it lacks the protocol it needs. */
export function finalOf(
  claimed: ClaimedDocument,
  classification: Extract<Classification, { kind: 'final' }>,
  protNFe: ProtNFe | undefined,
): Extract<AttemptResult, { kind: 'final' }> | undefined {
  const { result, cStat, xMotivo } = classification;
  if (result === 'rejeitada') return { kind: 'final', status: 'rejeitada', cStat, xMotivo };
  if (result !== 'autorizada' && result !== 'denegada' && result !== 'cancelada') return undefined;
  if (!protNFe) return undefined;
  // The protocol must be this NF-e's before it is stored: the nfeProc is put together from both
  // when it is read (documents.repository.ts, buildNfeProc), so the NF-e is not stored twice.
  // The chave is the document's own (its infNFe Id), so no XML is needed to compare them.
  if (protNFe.chNFe !== claimed.chave)
    throw new ProcAssemblyError('the protNFe is for another chave than the NF-e');
  return {
    kind: 'final',
    status: result,
    cStat: protNFe.cStat,
    xMotivo: protNFe.xMotivo,
    protocolo: {
      nProt: protNFe.nProt ?? null,
      dhRecbto: protNFe.dhRecbto,
      protNFe: protNFe.xml,
    },
  };
}

/** What to store for another try: when, and why (the text goes to last_error and the log). */
export function laterOf(
  claimed: ClaimedDocument,
  retryBaseMs: number,
  classification: Classification,
  extra: Partial<Extract<AttemptResult, { kind: 'later' }>> = {},
): Extract<AttemptResult, { kind: 'later' }> {
  return { ...laterAttempt(classification, claimed.attempt, retryBaseMs), ...extra };
}

/**
 * The result for one NF-e of an authorisation answer (`retEnviNFe` or `retConsReciNFe`): final
 * with its protocol; pending with the recibo to poll, paced by tMed; otherwise another try, by
 * consultation when the outcome is unknown (106, 204, 539, a processed lot without our protNFe).
 */
export function resultOfNfe(
  claimed: ClaimedDocument,
  outcome: NfeOutcome,
  context: { retryBaseMs: number; tMed: number | undefined },
): AttemptResult {
  const { classification } = outcome;
  if (classification.kind === 'pending' && outcome.nRec) {
    const tMed = outcome.nRec === claimed.recibo ? claimed.tMed : (context.tMed ?? null);
    const waitedMs = claimed.reciboAt ? Date.now() - claimed.reciboAt.getTime() : 0;
    return {
      kind: 'later',
      delayMs: receiptPollDelayMs(tMed, outcome.nRec === claimed.recibo ? waitedMs : 0),
      recibo: outcome.nRec,
      tMed,
      cStat: classification.cStat,
      error: `${classification.cStat} ${classification.xMotivo}`,
    };
  }
  // Whatever the recibo could tell is told: unless settled, the chave is consulted from here on.
  const dropRecibo = claimed.recibo ? { recibo: null } : {};
  if (classification.kind === 'final' && classification.cStat.trim() === NUMBER_IN_PROCESSING)
    // An earlier lot with this number is still being processed (a lot whose 103 was lost): its
    // verdict is not a rejection of ours. Consulted again after a back-off, until it is settled.
    return laterOf(
      claimed,
      context.retryBaseMs,
      {
        kind: 'retryable',
        reason: `${classification.cStat} ${classification.xMotivo}`,
        cStat: classification.cStat,
      },
      dropRecibo,
    );
  if (classification.kind === 'final') {
    const result = finalOf(claimed, classification, outcome.protNFe);
    if (result) return result;
  }
  return laterOf(claimed, context.retryBaseMs, classification, dropRecibo);
}
