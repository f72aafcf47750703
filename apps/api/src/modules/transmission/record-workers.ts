import type { Credentials } from '@emissor/signer';

import type { Logger } from '../../http/logger.js';
import type { ExchangeSettings } from './exchange.js';
import { failedAttempt, type LaterAttempt } from './retry-delay.js';
import { startWorkLoop, type WorkLoop } from './work-loop.js';

/** How long an attempt waits for a certificate the branch lacks before looking again. */
const NO_CERTIFICATE_RETRY_MS = 60_000;

export interface RecordWorkSettings extends ExchangeSettings {
  /** Attempts this process keeps in flight. */
  concurrency: number;
  /** Idle look for work other processes queued. */
  pollMs: number;
}

/** What every claimed record carries: its attempt and its slot's live certificate. */
export interface ClaimedRecord {
  attempt: number;
  certificateId: string | null;
}

export type RecordAttemptResult = { kind: 'final'; status: string; cStat: string } | LaterAttempt;

export interface RecordWorkersOptions<Claimed extends ClaimedRecord, Result> {
  /** Names the records in logs: `fiscal event`, `inutilização`. */
  what: string;
  queue: {
    claim(limit: number, leaseMs: number): Promise<Claimed[]>;
    settle(claimed: Claimed, result: Result | LaterAttempt): Promise<boolean>;
  };
  credentialsOf(certificateId: string): Promise<Credentials>;
  /** One attempt with the slot's certificate (an error is logged and retried later). */
  attempt(claimed: Claimed, credentials: Credentials): Promise<Result>;
  /** Fields that identify the record in every log line of its attempt. */
  logFields(claimed: Claimed): Record<string, unknown>;
  /** Fields of a final result worth a log line (status, cStat, protocol…). */
  finalFields(result: Result): Record<string, unknown>;
}

/**
 * The workers of one process for a queue of records sent to SEFAZ one by one (events,
 * inutilizações): claim, run one attempt with the record's certificate, store its result, log it.
 * A process that dies mid-attempt loses nothing: the lease ends, and the `sent` flag makes the next
 * attempt ask SEFAZ before anything is resent.
 */
export function startRecordWorkers<
  Claimed extends ClaimedRecord,
  Result extends RecordAttemptResult,
>(
  options: RecordWorkersOptions<Claimed, Result>,
  settings: RecordWorkSettings,
  logger: Logger,
): WorkLoop {
  // Twice the call timeout: an attempt that still runs when its lease ends has already timed out.
  const leaseMs = settings.timeoutMs * 2 + 10_000;

  const run = async (claimed: Claimed) => {
    const log = logger.child({ ...options.logFields(claimed), attempt: claimed.attempt });
    let result: Result | LaterAttempt;
    try {
      result = claimed.certificateId
        ? await options.attempt(claimed, await options.credentialsOf(claimed.certificateId))
        : {
            kind: 'later',
            delayMs: NO_CERTIFICATE_RETRY_MS,
            error: 'the branch has no live certificate',
          };
    } catch (error) {
      log.error({ err: error }, `${options.what} attempt failed`);
      result = failedAttempt(error, claimed.attempt, settings.retryBaseMs);
    }
    const stored = await options.queue.settle(claimed, result);
    const seen: RecordAttemptResult = result;
    if (seen.kind === 'final')
      log.info({ ...options.finalFields(result as Result), stored }, `${options.what} finished`);
    else
      log.info(
        { retry_in_ms: Math.round(seen.delayMs), reason: seen.error },
        `${options.what} retried`,
      );
  };

  return startWorkLoop(
    {
      concurrency: settings.concurrency,
      pollMs: settings.pollMs,
      claim: (limit) => options.queue.claim(limit, leaseMs),
      run,
    },
    logger,
  );
}
