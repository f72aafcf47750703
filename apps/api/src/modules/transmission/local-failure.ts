import { SefazMessageError } from '@emissor/sefaz';

import { backoffMs } from '../../queue/backoff.js';
import type { AttemptResult, ClaimedDocument } from './transmission-store.js';

/**
 * Identical failures before sending after which a document is given up. Such a failure comes from
 * the stored document itself (its enviNFe cannot be built: larger than SEFAZ's 500 KB, not an
 * NFe), so it repeats on every try and no back-off mends it; retried for ever it would keep the
 * document `processando` and its number neither authorised, cancellable nor voidable. One failure
 * would be enough for a document alone; a few more let it be retried by other processes and after
 * a deployment, in case the fault was theirs, at the cost of nothing sent and milliseconds of CPU.
 * With the default SEFAZ_RETRY_BASE_MS (2 s), five tries take 15–30 s.
 */
export const MAX_LOCAL_FAILURES = 5;

/**
 * `rejeicao_codigo` of a document Emissor gave up on before SEFAZ saw it. Letters, where SEFAZ's
 * cStat is always three digits, so no client reads it as SEFAZ's verdict; `rejeicao_motivo` says
 * what failed. It fits the column's 10 characters.
 */
export const NOT_SENT_CODE = 'EMISSOR';

/** As PostgreSQL keeps `last_error` (`left(error, 500)`: characters, not UTF-16 units). */
const asStored = (error: string) => Array.from(error).slice(0, 500).join('');

/**
 * The result of an attempt that failed before anything was sent, because of the document itself,
 * when SEFAZ is known not to hold it (never sent, or just consulted and not found). Retried with
 * the usual back-off while the failures differ or are fewer than MAX_LOCAL_FAILURES in a row;
 * then final: `rejeitada` with NOT_SENT_CODE, which also voids its number (transmission-sql.ts,
 * FINISH), as for a rejection by SEFAZ.
 */
export function localFailure(
  claimed: ClaimedDocument,
  error: string,
  retryBaseMs: number,
): AttemptResult {
  const inARow = claimed.lastError === asStored(error) ? claimed.localFailures + 1 : 1;
  if (inARow >= MAX_LOCAL_FAILURES)
    return {
      kind: 'final',
      status: 'rejeitada',
      cStat: NOT_SENT_CODE,
      xMotivo: `Not sent to SEFAZ after ${inARow} identical failures: ${error}`,
    };
  return {
    kind: 'later',
    delayMs: backoffMs(claimed.attempt, retryBaseMs),
    // Nothing went out: unless an earlier attempt may have sent it, the next one need not consult.
    ...(claimed.maybeSent ? {} : { notSent: true }),
    localFailures: inARow,
    error,
  };
}

/** Errors the message builders throw for input SEFAZ would refuse, before anything is sent. */
export function isMessageError(error: unknown): error is SefazMessageError {
  return error instanceof SefazMessageError;
}
