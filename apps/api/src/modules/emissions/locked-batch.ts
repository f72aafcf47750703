import { appError } from '../../errors.js';
import type { DocumentStore, DocumentToStore, LockedSeries } from './document-store.js';
import { LAST_NUMBER, type JobResult } from './emission-job.js';
import type { QueuedJob } from './scheduler.js';
import type { SignJob } from './sign-job.js';

/** Tries when a request with one of the batch's keys committed in another process meanwhile. */
const MAX_ATTEMPTS = 4;

/**
 * The pessimistic path for the jobs of one series: under the series row lock, number the jobs
 * consecutively, sign them and store them with the counter. Processes contending for one series
 * queue on the row lock instead of signing numbers that another process takes first. It also
 * settles what the optimistic path leaves to it: keys used meanwhile (answered with the document
 * that holds them), an exhausted series, and a counter moved under it.
 */
export async function runLockedBatch(
  sign: SignJob,
  store: DocumentStore,
  items: readonly QueuedJob[],
): Promise<void> {
  const first = items[0];
  if (!first) return;
  const keys = items.map((item) => item.job.idempotencyKey);
  try {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const results = new Map<QueuedJob, JobResult | Error>();
      const owners = new Map<DocumentToStore, QueuedJob>();
      const outcome = await store.storeUnderSeriesLock(first.job.target, keys, async (series) => {
        results.clear();
        owners.clear();
        return numberAndSign(sign, series, items, results, owners);
      });
      if (outcome.kind === 'conflict') continue;
      for (const [document, row] of outcome.created) {
        const owner = owners.get(document);
        if (owner) results.set(owner, { kind: 'created', document: row });
      }
      for (const item of items) {
        const result = results.get(item) ?? new Error('locked batch lost track of a job');
        if (result instanceof Error) item.reject(result);
        else item.resolve(result);
      }
      return;
    }
    throw new Error(`idempotency keys kept being taken concurrently (${MAX_ATTEMPTS} tries)`);
  } catch (error) {
    for (const item of items) item.reject(error);
  }
}

/** Decides each job under the lock: its existing document, series_exhausted, or a new document. */
async function numberAndSign(
  sign: SignJob,
  series: LockedSeries,
  items: readonly QueuedJob[],
  results: Map<QueuedJob, JobResult | Error>,
  owners: Map<DocumentToStore, QueuedJob>,
): Promise<DocumentToStore[]> {
  let numero = series.nextNumber;
  const documents: DocumentToStore[] = [];
  for (const item of items) {
    const existing = series.used.get(item.job.idempotencyKey);
    if (existing) {
      results.set(item, { kind: 'replayed', document: existing });
      continue;
    }
    if (numero > LAST_NUMBER) {
      results.set(
        item,
        appError('series_exhausted', 'This series has used its last number (999999999).'),
      );
      continue;
    }
    try {
      // One at a time: a document that fails must not leave a hole in the numbers that follow.
      const document = await sign(item.job, numero);
      documents.push(document);
      owners.set(document, item);
      numero += 1; // only a document that will be stored takes a number
    } catch (error) {
      results.set(item, error instanceof Error ? error : new Error(String(error)));
    }
  }
  return documents;
}
