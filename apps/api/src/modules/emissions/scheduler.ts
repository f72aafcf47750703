import type { EmissionJob, JobResult } from './emission-job.js';

/** A job with the promise callbacks of the request waiting for it. */
export interface QueuedJob {
  /** Arrival order: a job sent back to the queue goes back to its place among the others. */
  seq: number;
  job: EmissionJob;
  resolve: (result: JobResult) => void;
  reject: (error: unknown) => void;
}

/** What the scheduler needs to know of the work in flight. */
export interface InFlight {
  /** A locked transaction of this series is running: nothing else of it may start. */
  lockedSeries: ReadonlySet<string>;
  /** Optimistic batches in flight holding each series. */
  optimisticBatches: ReadonlyMap<string, number>;
  /** Optimistic batches in flight in all. */
  optimisticTotal: number;
  /** Optimistic batches still being signed (the rest wait for their store turn or are stored). */
  optimisticSigning: number;
}

export interface SchedulingPolicy {
  /** Documents in one batch at most (optimistic statement or locked transaction). */
  maxBatch: number;
  /** Optimistic batches in flight at once: one can sign while another is stored. */
  maxInFlight: number;
  /** Optimistic batches being signed at once: the signing threads (one when signing in-process). */
  maxSigning: number;
  isContended(seriesId: string): boolean;
}

export interface Plan {
  /** One optimistic batch to start (empty: none). */
  optimistic: QueuedJob[];
  /** One locked group to start per contended series. */
  locked: Map<string, QueuedJob[]>;
  /** What stays queued, in queue order. */
  waiting: QueuedJob[];
}

/**
 * Decides what starts now, in queue order. A contended series goes the locked way, but only once
 * its optimistic batches are done (the locked path reads the counter they may still move); any
 * other job joins the optimistic batch while the bound on batches in flight allows one more, which
 * also bounds the batches of one series: a second may sign while the first is stored.
 *
 * A new optimistic batch also waits while `maxSigning` batches are still being signed. Started
 * then, it would only queue behind them on the signing threads, and under load it would mostly be
 * the one job that came first after a burst of answers: a batch of one that then takes a store
 * turn (a round trip and a commit) ahead of the full batch gathered behind it. Waiting until a
 * signing ends lets it gather everything that arrived meanwhile (bench/results/comparisons.md, "Batches of
 * one").
 */
export function plan(
  queue: readonly QueuedJob[],
  inFlight: InFlight,
  policy: SchedulingPolicy,
): Plan {
  const optimistic: QueuedJob[] = [];
  const locked = new Map<string, QueuedJob[]>();
  const waiting: QueuedJob[] = [];
  const canStartOptimistic =
    inFlight.optimisticTotal < policy.maxInFlight && inFlight.optimisticSigning < policy.maxSigning;
  for (const item of queue) {
    const seriesId = item.job.target.seriesId;
    if (inFlight.lockedSeries.has(seriesId)) waiting.push(item);
    else if (policy.isContended(seriesId)) {
      const group = locked.get(seriesId) ?? [];
      // Bounded like an optimistic batch: the row stays locked while the group is signed.
      if (inFlight.optimisticBatches.has(seriesId) || group.length >= policy.maxBatch) {
        waiting.push(item);
        continue;
      }
      group.push(item);
      locked.set(seriesId, group);
    } else if (canStartOptimistic && optimistic.length < policy.maxBatch) optimistic.push(item);
    else waiting.push(item);
  }
  return { optimistic, locked, waiting };
}

/** Puts jobs that must be tried again back in the queue, in arrival order among those waiting. */
export function requeue(queue: QueuedJob[], items: readonly QueuedJob[]): void {
  if (items.length === 0) return;
  queue.push(...items);
  queue.sort((a, b) => a.seq - b.seq);
}

export function groupBySeries(items: readonly QueuedJob[]): Map<string, QueuedJob[]> {
  const groups = new Map<string, QueuedJob[]>();
  for (const item of items) {
    const group = groups.get(item.job.target.seriesId);
    if (group) group.push(item);
    else groups.set(item.job.target.seriesId, [item]);
  }
  return groups;
}
