import { randomUUID } from 'node:crypto';

import type { Kysely } from 'kysely';
import type pg from 'pg';

import { isUniqueViolation } from '../../db/pg-errors.js';
import type { Database } from '../../db/schema.js';
import {
  LAST_NUMBER,
  type BatcherStats,
  type EmissionBatcher,
  type EmissionJob,
  type JobResult,
  type QueuedJob,
} from './emission-job.js';
import { emitLocked } from './locked-emission.js';
import {
  storedDocumentRow,
  storeIfCountersUnchanged,
  type ClaimedDocument,
  type SeriesClaim,
} from './optimistic-store.js';
import type { SigningPool } from '../../signing/signing-pool.js';
import { signJob, type SignedDocument } from './sign-job.js';

export interface BatcherOptions {
  /** Documents in one optimistic statement at most. */
  maxBatch?: number;
  /** Optimistic statements in flight at once: one can sign while another commits. */
  maxInFlight?: number;
  /** How long a series whose claim lost goes the locked way, in ms. */
  contendedForMs?: number;
  now?: () => number;
}

/**
 * Numbers, signs and stores emissions. Queued jobs of any series are signed with the numbers this
 * process expects each counter to hold and stored in one statement that checks those counters
 * under their row locks (storeIfCountersUnchanged): one round trip and one commit for the whole
 * batch, and no lock held while signing, so processes do not wait on each other. A series whose
 * claim lost (another process numbered it meanwhile) goes the locked way for a while
 * (emitLocked: lock, number, sign, store), where contending processes queue on the row instead of
 * signing numbers twice; so does every job of a statement that hit a used idempotency key.
 * Either way a number is stored only together with its document, and a failed request takes none.
 *
 * Batches of one series are pipelined: the next batch reserves the numbers after the previous
 * one's and signs while that one is being stored, so the signing threads and PostgreSQL work at
 * the same time instead of taking turns. Its store waits until the previous store of each of its
 * series has settled, so the counters are checked in the order the numbers were reserved. If an
 * earlier batch does not store, the later one's counter check fails and its series goes the
 * locked way, which reads the counter afresh.
 */
export function createEmissionBatcher(
  db: Kysely<Database>,
  pool: pg.Pool,
  signing: SigningPool,
  options: BatcherOptions = {},
): EmissionBatcher {
  const maxBatch = options.maxBatch ?? 32;
  const maxInFlight = options.maxInFlight ?? 2;
  const contendedForMs = options.contendedForMs ?? 1_000;
  const now = options.now ?? Date.now;

  const queue: QueuedJob[] = [];
  /** Series with a locked group in flight: nothing else of theirs may start. */
  const lockedSeries = new Set<string>();
  /** Optimistic batches in flight per series (never more than maxInFlight, the bound on all of them). */
  const optimisticBatches = new Map<string, number>();
  /** Per series, settles when the latest optimistic batch holding it has stored (or given up). */
  const lastStore = new Map<string, Promise<void>>();
  /** The next number this process expects each counter to reach: its own reservations, or what a lost claim read. */
  const nextNumbers = new Map<string, number>();
  const contendedUntil = new Map<string, number>();
  let optimisticInFlight = 0;
  const stats: BatcherStats = {
    optimisticStored: 0,
    optimisticStatements: 0,
    claimsLost: 0,
    lockedBatches: 0,
    pipelinedBatches: 0,
  };

  const isContended = (seriesId: string) => (contendedUntil.get(seriesId) ?? 0) > now();

  const runLocked = (seriesId: string, items: QueuedJob[]) => {
    lockedSeries.add(seriesId);
    stats.lockedBatches += 1;
    void emitLocked(db, signing, items).finally(() => {
      lockedSeries.delete(seriesId);
      nextNumbers.delete(seriesId); // the locked path moved the counter: read it afresh next time
      pump();
    });
  };

  const runOptimistic = (items: QueuedJob[]) => {
    const seriesIds = new Set(items.map((item) => item.job.target.seriesId));
    if ([...seriesIds].some((id) => optimisticBatches.has(id))) stats.pipelinedBatches += 1;
    for (const id of seriesIds) optimisticBatches.set(id, (optimisticBatches.get(id) ?? 0) + 1);
    optimisticInFlight += 1;
    void emitOptimistic(items)
      // Nothing in there should throw; if it does, no request may wait forever.
      .catch((error: unknown) => {
        for (const item of items) item.reject(error);
      })
      .finally(() => {
        optimisticInFlight -= 1;
        for (const id of seriesIds) {
          const left = (optimisticBatches.get(id) ?? 1) - 1;
          if (left > 0) optimisticBatches.set(id, left);
          else optimisticBatches.delete(id);
        }
        pump();
      });
  };

  /** Starts what can start: locked groups for contended series, optimistic batches for the rest. */
  const pump = () => {
    const optimistic: QueuedJob[] = [];
    const locked = new Map<string, QueuedJob[]>();
    const waiting: QueuedJob[] = [];
    // Also bounds the batches of one series: a second one may start while the first is stored.
    const canStartOptimistic = optimisticInFlight < maxInFlight;
    for (const item of queue) {
      const seriesId = item.job.target.seriesId;
      if (lockedSeries.has(seriesId)) waiting.push(item);
      else if (isContended(seriesId)) {
        if (optimisticBatches.has(seriesId)) {
          waiting.push(item); // the locked path reads the counter only once the optimistic batches are done
          continue;
        }
        // Bounded like an optimistic batch: the row stays locked while the group is signed.
        const group = locked.get(seriesId) ?? [];
        if (group.length < maxBatch) group.push(item);
        else waiting.push(item);
        locked.set(seriesId, group);
      } else if (canStartOptimistic && optimistic.length < maxBatch) optimistic.push(item);
      else waiting.push(item);
    }
    queue.splice(0, queue.length, ...waiting);
    for (const [seriesId, group] of locked) runLocked(seriesId, group);
    if (optimistic.length > 0) runOptimistic(optimistic);
  };

  /** Jobs that must be tried again go back to the front of the queue, in their order. */
  const requeue = (items: QueuedJob[]) => {
    queue.unshift(...items);
  };

  /**
   * Signs a series' jobs with consecutive numbers from `firstNumber`, all at once (on the signing
   * threads). If one fails it is refused and the rest go back to the queue: numbering them anew is
   * simpler than closing the hole, and a failure to sign is a bug, not an everyday event.
   */
  const signGroup = async (
    seriesId: string,
    firstNumber: number,
    group: QueuedJob[],
  ): Promise<SignedGroup | undefined> => {
    const outcomes = await Promise.allSettled(
      group.map((item, i) => signJob(item.job, firstNumber + i, signing)),
    );
    if (outcomes.every((o) => o.status === 'fulfilled')) {
      return {
        claim: { seriesId, firstNumber, count: group.length },
        documents: group.map((item, i) => ({
          item,
          document: (outcomes[i] as PromiseFulfilledResult<SignedDocument>).value,
        })),
      };
    }
    const retry: QueuedJob[] = [];
    outcomes.forEach((outcome, i) => {
      const item = group[i];
      if (!item) return;
      if (outcome.status === 'rejected') item.reject(outcome.reason);
      else retry.push(item);
    });
    requeue(retry);
    // The group's numbers are not stored: a batch that reserved after them will lose its claim, so
    // the series goes the locked way, which reads the counter afresh.
    forgetReservation(seriesId);
    contendedUntil.set(seriesId, now() + contendedForMs);
    return undefined;
  };

  /**
   * Resolves `stored` (never rejects) once the batch settles; the next batch of any of its series
   * waits for it before storing. Returns what this batch must wait for first.
   */
  const takeStoreTurn = (seriesIds: Iterable<string>, stored: Promise<void>): Promise<unknown> => {
    const earlier: Promise<void>[] = [];
    for (const id of seriesIds) {
      const previous = lastStore.get(id);
      if (previous) earlier.push(previous);
      lastStore.set(id, stored);
    }
    return Promise.all(earlier);
  };

  const releaseStoreTurn = (seriesIds: Iterable<string>, stored: Promise<void>) => {
    for (const id of seriesIds) if (lastStore.get(id) === stored) lastStore.delete(id);
  };

  /** The numbers reserved for a series were not stored: the next batch reads the counter anew. */
  const forgetReservation = (seriesId: string) => {
    nextNumbers.delete(seriesId);
  };

  const emitOptimistic = async (items: QueuedJob[]) => {
    const leaders = withFollowers(items);
    const bySeries = groupBySeries(leaders);
    let settle = () => {};
    const stored = new Promise<void>((resolve) => (settle = resolve));
    // Taken before the first await, in the order batches start: that is the order numbers are reserved in.
    const earlierStores = takeStoreTurn(bySeries.keys(), stored);
    try {
      await signAndStore(bySeries, earlierStores);
    } finally {
      settle();
      releaseStoreTurn(bySeries.keys(), stored);
    }
  };

  const signAndStore = async (
    bySeries: Map<string, QueuedJob[]>,
    earlierStores: Promise<unknown>,
  ) => {
    const claims: SeriesClaim[] = [];
    const documents: ClaimedDocument[] = [];
    const owners = new Map<ClaimedDocument, QueuedJob>();
    const signings: Promise<SignedGroup | undefined>[] = [];

    for (const [seriesId, group] of bySeries) {
      const firstNumber = Math.max(
        nextNumbers.get(seriesId) ?? 0,
        ...group.map((item) => item.job.observedNextNumber),
      );
      if (firstNumber + group.length - 1 > LAST_NUMBER) {
        // The locked path answers series_exhausted for exactly the jobs past the last number.
        contendedUntil.set(seriesId, now() + contendedForMs);
        requeue(group);
        continue;
      }
      // Reserved now, so a batch that starts while this one signs numbers after it.
      nextNumbers.set(seriesId, firstNumber + group.length);
      signings.push(signGroup(seriesId, firstNumber, group));
    }
    for (const group of await Promise.all(signings)) {
      if (!group) continue;
      claims.push(group.claim);
      for (const { item, document } of group.documents) {
        const claimed = { id: randomUUID(), target: item.job.target, document };
        documents.push(claimed);
        owners.set(claimed, item);
      }
    }
    if (claims.length === 0) return;

    await earlierStores;
    let result;
    try {
      stats.optimisticStatements += 1;
      result = await storeIfCountersUnchanged(pool, claims, documents);
    } catch (error) {
      for (const claim of claims) forgetReservation(claim.seriesId);
      if (!isUniqueViolation(error)) {
        for (const item of owners.values()) item.reject(error);
        return;
      }
      // A key was used meanwhile (or twice in flight): the locked path sorts out which replay.
      for (const claim of claims) contendedUntil.set(claim.seriesId, now() + contendedForMs);
      requeue([...owners.values()]);
      return;
    }

    const lost: QueuedJob[] = [];
    for (const claim of claims) {
      const outcome = result.outcomes.get(claim.seriesId);
      if (outcome?.stored) {
        // At least past this batch: a claim that lost before it may have set the counter lower.
        nextNumbers.set(
          claim.seriesId,
          Math.max(nextNumbers.get(claim.seriesId) ?? 0, claim.firstNumber + claim.count),
        );
        stats.optimisticStored += claim.count;
        continue;
      }
      // Another process numbered the series (or an earlier batch of ours did not store).
      if (outcome?.currentNextNumber != null)
        nextNumbers.set(claim.seriesId, outcome.currentNextNumber);
      else forgetReservation(claim.seriesId);
      contendedUntil.set(claim.seriesId, now() + contendedForMs);
      stats.claimsLost += 1;
    }
    for (const document of documents) {
      const owner = owners.get(document);
      if (!owner) continue;
      if (result.outcomes.get(document.target.seriesId)?.stored) {
        owner.resolve({ kind: 'created', document: storedDocumentRow(document, result.createdAt) });
      } else lost.push(owner);
    }
    requeue(lost);
  };

  return {
    submit(job: EmissionJob) {
      return new Promise<JobResult>((resolve, reject) => {
        queue.push({ job, resolve, reject });
        pump();
      });
    },
    stats: () => ({ ...stats }),
  };
}

/**
 * One job per idempotency key: later jobs with a key already in the batch settle with their
 * leader (a replay of its document, or its error).
 */
function withFollowers(items: readonly QueuedJob[]): QueuedJob[] {
  const leaders = new Map<string, QueuedJob>();
  for (const item of items) {
    const leader = leaders.get(item.job.idempotencyKey);
    if (!leader) {
      leaders.set(item.job.idempotencyKey, item);
      continue;
    }
    leaders.set(item.job.idempotencyKey, {
      job: leader.job,
      resolve: (result) => {
        leader.resolve(result);
        item.resolve({ kind: 'replay' });
      },
      reject: (error) => {
        leader.reject(error);
        item.reject(error);
      },
    });
  }
  return [...leaders.values()];
}

interface SignedGroup {
  claim: SeriesClaim;
  documents: { item: QueuedJob; document: SignedDocument }[];
}

function groupBySeries(items: readonly QueuedJob[]): Map<string, QueuedJob[]> {
  const groups = new Map<string, QueuedJob[]>();
  for (const item of items) {
    const group = groups.get(item.job.target.seriesId);
    if (group) group.push(item);
    else groups.set(item.job.target.seriesId, [item]);
  }
  return groups;
}
