import { ContentionWindow } from './contention-window.js';
import type { DocumentStore } from './document-store.js';
import type { EmissionEngine, EmissionJob, EngineStats, JobResult } from './emission-job.js';
import { runLockedBatch } from './locked-batch.js';
import { runOptimisticBatch, type BatchContext } from './optimistic-batch.js';
import { ReservationBook } from './reservation-book.js';
import { groupBySeries, plan, requeue, type QueuedJob } from './scheduler.js';
import type { SignJob } from './sign-job.js';
import { StoreTurns } from './store-turns.js';

/** The engine's two ports: how a numbered job becomes a signed document, and where it is stored. */
export interface EnginePorts {
  sign: SignJob;
  store: DocumentStore;
}

export interface EngineOptions {
  /** Documents in one batch at most. */
  maxBatch?: number;
  /** Optimistic statements in flight at once: one can sign while another commits. */
  maxInFlight?: number;
  /** Optimistic batches signed at once: the signing threads (1 when signing in-process). */
  maxSigning?: number;
  /** How long a series whose claim lost goes the locked way, in ms. */
  contendedForMs?: number;
  now?: () => number;
}

/**
 * Numbers, signs and stores emissions. Queued jobs of any series are signed with the numbers this
 * process expects each counter to hold and stored in one statement that checks those counters
 * under their row locks: one round trip and one commit for the whole batch, and no lock held while
 * signing, so processes do not wait on each other. A series whose claim lost (another process
 * numbered it meanwhile) goes the locked way for a while (lock, number, sign, store), where
 * contending processes queue on the row instead of signing numbers twice; so does every job of a
 * statement that hit a used idempotency key. Either way a number is stored only together with its
 * document, and a failed request takes none.
 *
 * Batches of one series are pipelined: the next batch reserves the numbers after the previous one's
 * (ReservationBook) and signs while that one is being stored; its store waits its turn (StoreTurns),
 * so counters are checked in the order the numbers were reserved. If an earlier batch does not
 * store, the later one's claim loses and its series goes the locked way, which reads the counter
 * afresh. What starts when is decided by `plan` (scheduler.ts), from the queue and what is in flight.
 */
export function createEmissionEngine(
  ports: EnginePorts,
  options: EngineOptions = {},
): EmissionEngine {
  const policy = {
    maxBatch: options.maxBatch ?? 32,
    maxInFlight: options.maxInFlight ?? 2,
    maxSigning: options.maxSigning ?? 1,
    isContended: (seriesId: string) => contention.has(seriesId),
  };
  const contention = new ContentionWindow(options.contendedForMs ?? 1_000, options.now ?? Date.now);
  const book = new ReservationBook();
  const turns = new StoreTurns();
  const stats: EngineStats = {
    optimisticStored: 0,
    optimisticStatements: 0,
    claimsLost: 0,
    lockedBatches: 0,
    pipelinedBatches: 0,
  };

  let queue: QueuedJob[] = [];
  const lockedSeries = new Set<string>();
  const optimisticBatches = new Map<string, number>();
  let optimisticTotal = 0;
  let optimisticSigning = 0;
  let arrivals = 0;

  const context: BatchContext = {
    ...ports,
    book,
    contention,
    stats,
    requeue: (items) => requeue(queue, items),
  };

  const pump = () => {
    const next = plan(
      queue,
      { lockedSeries, optimisticBatches, optimisticTotal, optimisticSigning },
      policy,
    );
    queue = next.waiting;
    for (const [seriesId, group] of next.locked) startLocked(seriesId, group);
    if (next.optimistic.length > 0) startOptimistic(next.optimistic);
  };

  const startLocked = (seriesId: string, items: QueuedJob[]) => {
    lockedSeries.add(seriesId);
    stats.lockedBatches += 1;
    void runLockedBatch(ports.sign, ports.store, items).finally(() => {
      lockedSeries.delete(seriesId);
      book.forget(seriesId); // the locked path moved the counter: read it afresh next time
      pump();
    });
  };

  const startOptimistic = (items: QueuedJob[]) => {
    const bySeries = groupBySeries(items);
    const seriesIds = [...bySeries.keys()];
    if (seriesIds.some((id) => optimisticBatches.has(id))) stats.pipelinedBatches += 1;
    for (const id of seriesIds) optimisticBatches.set(id, (optimisticBatches.get(id) ?? 0) + 1);
    optimisticTotal += 1;
    optimisticSigning += 1;
    let signing = true;
    const signed = () => {
      if (!signing) return;
      signing = false;
      optimisticSigning -= 1;
    };
    // Taken now, in the order batches start: that is the order their numbers are reserved in.
    const turn = turns.take(seriesIds);
    void runOptimisticBatch(context, bySeries, turn.earlier, () => {
      signed();
      pump(); // the next batch may start signing while this one waits for its turn and stores
    })
      // Nothing in there should throw; if it does, no request may wait forever.
      .catch((error: unknown) => {
        for (const item of items) item.reject(error);
      })
      .finally(() => {
        signed();
        turn.done();
        optimisticTotal -= 1;
        for (const id of seriesIds) {
          const left = (optimisticBatches.get(id) ?? 1) - 1;
          if (left > 0) optimisticBatches.set(id, left);
          else optimisticBatches.delete(id);
        }
        pump();
      });
  };

  return {
    submit(job: EmissionJob) {
      return new Promise<JobResult>((resolve, reject) => {
        queue.push({ seq: ++arrivals, job, resolve, reject });
        pump();
      });
    },
    stats: () => ({ ...stats }),
  };
}
