import type { Logger } from '../logging/logger.js';
import { failedAttempt, type LaterAttempt } from './attempt-result.js';
import { leaseMs } from './lease.js';
import { startWorkEngine, type WorkEngine, type WorkEngineSettings } from './work-engine.js';

/** What every claimed record carries: the attempt it was claimed for (its results' fence). */
export interface ClaimedRecord {
  attempt: number;
}

/** A final result: a status worth a log line. */
export interface FinalRecordResult {
  kind: 'final';
  status: string;
}

/** Where the records of one kind wait (the PostgreSQL adapter; an in-memory one in tests). */
export interface RecordStore<Claimed extends ClaimedRecord, Result> {
  /** Claims up to `limit` due records, each leased to this process for `leaseMs`. */
  claim(limit: number, leaseMs: number): Promise<Claimed[]>;
  /** Stores the attempt's result; false when the attempt had lost the row (its lease ran out). */
  settle(claimed: Claimed, result: Result | LaterAttempt): Promise<boolean>;
}

/** A kind of record sent one by one (events, inutilizações; webhooks next). */
export interface RecordHandler<Claimed extends ClaimedRecord, Result extends FinalRecordResult> {
  /** Names the records in logs: `fiscal event`, `inutilização`. */
  what: string;
  store: RecordStore<Claimed, Result>;
  /** One attempt (an error is logged and retried after a back-off). */
  attempt(claimed: Claimed): Promise<Result | LaterAttempt>;
  /** Fields that identify the record in every log line of its attempt. */
  logFields(claimed: Claimed): Record<string, unknown>;
  /** Fields of a final result worth a log line (status, cStat, protocol…). */
  finalFields(result: Result): Record<string, unknown>;
}

export interface RecordWorkSettings extends WorkEngineSettings {
  /** The attempt's call timeout: the lease outlives it (lease.ts). */
  timeoutMs: number;
  /** The back-off's base for an attempt that failed (backoff.ts). */
  retryBaseMs: number;
}

/**
 * The workers of one process for a kind of record: claim, run one attempt, store its result, log
 * it. The record's row is claimed (its attempt counted, its lease taken) before anything is sent,
 * so a process that dies mid-attempt loses nothing: the lease ends and the handler's next attempt
 * knows an earlier one may have gone out.
 */
export function startRecordWork<Claimed extends ClaimedRecord, Result extends FinalRecordResult>(
  handler: RecordHandler<Claimed, Result>,
  settings: RecordWorkSettings,
  logger: Logger,
): WorkEngine {
  const lease = leaseMs(settings.timeoutMs);

  const run = async (claimed: Claimed) => {
    const log = logger.child({ ...handler.logFields(claimed), attempt: claimed.attempt });
    let result: Result | LaterAttempt;
    try {
      result = await handler.attempt(claimed);
    } catch (error) {
      log.error({ err: error }, `${handler.what} attempt failed`);
      result = failedAttempt(error, claimed.attempt, settings.retryBaseMs);
    }
    const stored = await handler.store.settle(claimed, result);
    if (result.kind === 'final') {
      log.info({ ...handler.finalFields(result), stored }, `${handler.what} finished`);
      return undefined;
    }
    log.info(
      { retry_in_ms: Math.round(result.delayMs), reason: result.error },
      `${handler.what} retried`,
    );
    return result.delayMs;
  };

  return startWorkEngine<Claimed>(
    {
      what: handler.what,
      async claim(round) {
        const room = round.room();
        if (room <= 0) return true;
        const claimed = await handler.store.claim(room, lease);
        for (const record of claimed) round.start(record);
        return claimed.length === room;
      },
      run,
      // A document's events go in order: the next is claimable once this one is settled.
      lookWhenDone: true,
    },
    settings,
    logger,
  );
}
