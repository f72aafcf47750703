import { checkNfeTravelsAlone } from '@emissor/sefaz';

import { backoffMs } from '../../queue/backoff.js';
import { isMessageError, localFailure } from './local-failure.js';
import type { AttemptResult, ClaimedToSend } from './transmission-store.js';

/** Why `nfe` cannot travel even alone in a lot, or undefined when it can. */
function travelProblem(nfe: string): string | undefined {
  try {
    checkNfeTravelsAlone(nfe);
    return undefined;
  } catch (error) {
    if (!isMessageError(error)) throw error;
    return error.message;
  }
}

/**
 * The results of a lot whose enviNFe could not be built (`reason`), so nothing was sent; its
 * documents were never sent before either, since lots are made of those only. Each document that
 * no lot can carry fails locally (local-failure.ts); the others are sent now without it
 * (`sendRest`, in their order), rather than waiting in its lot until it is given up. If every
 * document could travel alone, the fault is the lot's: they all try again later, unsent.
 * Results are in `lot`'s order.
 */
export async function resultsOfUnbuiltLot(
  lot: readonly ClaimedToSend[],
  reason: string,
  retryBaseMs: number,
  sendRest: (rest: readonly ClaimedToSend[]) => Promise<AttemptResult[]>,
): Promise<AttemptResult[]> {
  const problems = lot.map((d) => travelProblem(d.xml));
  const rest = lot.filter((_, i) => problems[i] === undefined);
  if (rest.length === lot.length)
    return lot.map((d) => ({
      kind: 'later',
      delayMs: backoffMs(d.attempt, retryBaseMs),
      notSent: !d.maybeSent,
      error: `the lot was not built: ${reason}`,
    }));
  const restResults = rest.length > 0 ? await sendRest(rest) : [];
  let next = 0;
  return lot.map((d, i) => {
    const problem = problems[i];
    if (problem !== undefined) return localFailure(d, problem, retryBaseMs);
    return (
      restResults[next++] ?? {
        kind: 'later',
        delayMs: retryBaseMs,
        error: 'no result',
      }
    );
  });
}
