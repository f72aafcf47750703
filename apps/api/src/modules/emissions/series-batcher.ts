import { randomInt } from 'node:crypto';

import { pickCodigoNumerico, renderNfe, type PreparedNfe } from '@emissor/nfe-xml';
import { signNfe, verifyNfe, type SigningCredentials } from '@emissor/signer';
import { sql, type Kysely, type Transaction } from 'kysely';

import type { Database, DocumentRow } from '../../db/schema.js';
import { conflict } from '../../errors.js';
import { storeBatch, type BatchTarget, type SignedDocument } from './store-batch.js';

/** The last number a series can hand out (`nNF` has 9 digits). */
const LAST_NUMBER = 999_999_999;
/** Emissions of one series that share a transaction at most (bounds the lock hold time). */
const MAX_BATCH = 32;
/** Retries when a request with one of the batch's keys committed in another process meanwhile. */
const MAX_ATTEMPTS = 4;

export interface EmissionJob {
  target: BatchTarget;
  idempotencyKey: string;
  ambiente: string;
  prepared: PreparedNfe;
  credentials: SigningCredentials;
  issuedAt: Date;
}

/** `created`: stored now. `replay`: the key was already used (the caller reads that document). */
export type JobResult = { kind: 'created'; document: DocumentRow } | { kind: 'replay' };

interface Queued {
  job: EmissionJob;
  resolve: (result: JobResult) => void;
  reject: (error: unknown) => void;
}

export interface SeriesBatcher {
  submit(job: EmissionJob): Promise<JobResult>;
}

const drawEightDigits = () => randomInt(0, 100_000_000).toString().padStart(8, '0');

/**
 * Numbers emissions per series in batches. While one transaction holds a series row, further
 * emissions for that series queue here (instead of each holding a pool connection blocked on the
 * same row lock); the next transaction then locks the row once, allocates consecutive numbers,
 * renders, signs and verifies each document and stores them all with the counter in one statement.
 * Every document is still numbered under the row lock and committed together with the counter, and
 * a request that fails stores nothing and takes no number. A lone request is a batch of one.
 */
export function createSeriesBatcher(db: Kysely<Database>): SeriesBatcher {
  const queues = new Map<string, Queued[]>();

  const drain = async (seriesId: string, queue: Queued[]) => {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      await runBatch(db, batch);
    }
    queues.delete(seriesId);
  };

  return {
    submit(job) {
      return new Promise<JobResult>((resolve, reject) => {
        const seriesId = job.target.seriesId;
        const queue = queues.get(seriesId);
        if (queue) {
          queue.push({ job, resolve, reject });
          return;
        }
        const fresh = [{ job, resolve, reject }];
        queues.set(seriesId, fresh);
        void drain(seriesId, fresh);
      });
    },
  };
}

async function runBatch(db: Kysely<Database>, batch: Queued[]): Promise<void> {
  // Two queued requests with one key: only the first is emitted, the other replays it.
  const leaders = new Map<string, Queued>();
  const followers: Queued[] = [];
  for (const item of batch) {
    if (leaders.has(item.job.idempotencyKey)) followers.push(item);
    else leaders.set(item.job.idempotencyKey, item);
  }

  let outcome: Map<Queued, JobResult | Error>;
  try {
    outcome = await emitBatch(db, [...leaders.values()]);
  } catch (error) {
    for (const item of batch) item.reject(error);
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

class LostKeyRace extends Error {}

/** One transaction for a batch of distinct keys; retried when another process won a key meanwhile. */
async function emitBatch(db: Kysely<Database>, items: Queued[]): Promise<Map<Queued, JobResult | Error>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute((trx) => numberSignAndStore(trx, items));
    } catch (error) {
      if (!(error instanceof LostKeyRace) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

async function numberSignAndStore(trx: Transaction<Database>, items: Queued[]): Promise<Map<Queued, JobResult | Error>> {
  const results = new Map<Queued, JobResult | Error>();
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
        where product_id = ${target.productId} and idempotency_key = any(${items.map((i) => i.job.idempotencyKey)}::text[])`.execute(trx)
    ).rows.map((r) => r.idempotency_key),
  );

  let numero = firstNumber;
  const signed: { item: Queued; document: SignedDocument }[] = [];
  for (const item of items) {
    const { job } = item;
    if (used.has(job.idempotencyKey)) {
      results.set(item, { kind: 'replay' });
      continue;
    }
    if (numero > LAST_NUMBER) {
      results.set(item, conflict('series_exhausted', 'This series has used its last number (999999999).'));
      continue;
    }
    try {
      const codigoNumerico = pickCodigoNumerico(numero, drawEightDigits);
      const { xml, chave } = renderNfe(job.prepared, { numero, codigoNumerico, issuedAt: job.issuedAt });
      const signedXml = signNfe(xml, job.credentials);
      const verification = verifyNfe(signedXml);
      if (!verification.valid) throw new Error(`freshly signed document failed verification: ${verification.reason}`);
      signed.push({
        item,
        document: { numero, chave, codigoNumerico, ambiente: job.ambiente, idempotencyKey: job.idempotencyKey, xml: signedXml },
      });
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
  if (stored.length !== signed.length) throw new LostKeyRace('an idempotency key was used concurrently');
  const byKey = new Map(stored.map((row) => [row.idempotency_key, row]));
  for (const { item, document } of signed) {
    const row = byKey.get(document.idempotencyKey);
    if (!row) throw new Error('stored document missing from the batch result');
    results.set(item, { kind: 'created', document: row });
  }
  return results;
}
