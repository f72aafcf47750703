import { sql, type Kysely, type Transaction } from 'kysely';

import type { Database } from '../../db/schema.js';
import { conflict } from '../../errors.js';
import { LAST_NUMBER, type JobResult, type QueuedJob } from './emission-job.js';
import type { SigningPool } from '../../signing/signing-pool.js';
import { signJob, type SignedDocument } from './sign-job.js';
import { storeBatch } from './store-batch.js';

/** Retries when a request with one of the batch's keys committed in another process meanwhile. */
const MAX_ATTEMPTS = 4;

class LostKeyRace extends Error {}

/**
 * The pessimistic path for the jobs of one series: one transaction locks the series row
 * (SELECT … FOR UPDATE), numbers the jobs consecutively, signs them and stores them with the
 * counter. Processes contending for one series queue on the row lock instead of signing numbers
 * that another process takes first. It also settles what the optimistic path leaves to it: keys
 * used meanwhile (replays), an exhausted series, and a counter moved under it.
 */
export async function emitLocked(
  db: Kysely<Database>,
  signing: SigningPool,
  items: readonly QueuedJob[],
): Promise<void> {
  // Two queued requests with one key: only the first is emitted, the other replays it.
  const leaders = new Map<string, QueuedJob>();
  const followers: QueuedJob[] = [];
  for (const item of items) {
    if (leaders.has(item.job.idempotencyKey)) followers.push(item);
    else leaders.set(item.job.idempotencyKey, item);
  }

  let outcome: Map<QueuedJob, JobResult | Error>;
  try {
    outcome = await emitWithRetries(db, signing, [...leaders.values()]);
  } catch (error) {
    for (const item of items) item.reject(error);
    return;
  }
  for (const [item, result] of outcome) {
    if (result instanceof Error) item.reject(result);
    else item.resolve(result);
  }
  for (const item of followers) {
    const leader = leaders.get(item.job.idempotencyKey);
    const result = leader && outcome.get(leader);
    if (result instanceof Error) item.reject(result);
    else item.resolve({ kind: 'replay' });
  }
}

/** One transaction for a batch of distinct keys; retried when another process won a key meanwhile. */
async function emitWithRetries(
  db: Kysely<Database>,
  signing: SigningPool,
  items: QueuedJob[],
): Promise<Map<QueuedJob, JobResult | Error>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute((trx) => numberSignAndStore(trx, signing, items));
    } catch (error) {
      if (!(error instanceof LostKeyRace) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

async function numberSignAndStore(
  trx: Transaction<Database>,
  signing: SigningPool,
  items: QueuedJob[],
): Promise<Map<QueuedJob, JobResult | Error>> {
  const results = new Map<QueuedJob, JobResult | Error>();
  const first = items[0];
  if (!first) return results;
  const target = first.job.target;

  const { next_number: firstNumber } = await trx
    .selectFrom('series')
    .select('next_number')
    .where('id', '=', target.seriesId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  // Keys used since the pre-lock check (by another process, or by an earlier batch) replay.
  const used = new Set(
    (
      await sql<{ idempotency_key: string }>`
        select idempotency_key from documents
        where product_id = ${target.productId} and idempotency_key = any(${items.map((i) => i.job.idempotencyKey)}::text[])`.execute(
        trx,
      )
    ).rows.map((r) => r.idempotency_key),
  );

  let numero = firstNumber;
  const signed: { item: QueuedJob; document: SignedDocument }[] = [];
  for (const item of items) {
    if (used.has(item.job.idempotencyKey)) {
      results.set(item, { kind: 'replay' });
      continue;
    }
    if (numero > LAST_NUMBER) {
      results.set(
        item,
        conflict('series_exhausted', 'This series has used its last number (999999999).'),
      );
      continue;
    }
    try {
      // One at a time: a document that fails must not leave a hole in the numbers that follow.
      signed.push({ item, document: await signJob(item.job, numero, signing) });
      numero += 1; // only a document that will be stored takes a number
    } catch (error) {
      results.set(item, error instanceof Error ? error : new Error(String(error)));
    }
  }
  if (signed.length === 0) return results;

  const stored = await storeBatch(
    trx,
    target,
    signed.map((s) => s.document),
    numero,
  );
  if (stored.length !== signed.length)
    throw new LostKeyRace('an idempotency key was used concurrently');
  const byKey = new Map(stored.map((row) => [row.idempotency_key, row]));
  for (const { item, document } of signed) {
    const row = byKey.get(document.idempotencyKey);
    if (!row) throw new Error('stored document missing from the batch result');
    results.set(item, { kind: 'created', document: row });
  }
  return results;
}
