import type { NfeRenderParams } from '@emissor/nfe-xml';
import type { SigningCredentials } from '@emissor/signer';

import type { DocumentRow } from '../../db/schema.js';

/** The last number a series can hand out (`nNF` has 9 digits). */
export const LAST_NUMBER = 999_999_999;

/** Where a document goes: the series (already resolved) and the refs stored with the document. */
export interface SeriesTarget {
  productId: string;
  seriesId: string;
  tenantRef: string;
  branchRef: string;
  serie: number;
}

/** An NF-e checked and built up to its number; `render` completes it once a number is known. */
export interface NumberableNfe {
  render(params: NfeRenderParams): { xml: string; chave: string };
}

/** One validated emission waiting for its number. */
export interface EmissionJob {
  target: SeriesTarget;
  idempotencyKey: string;
  /** SHA-256 of the request body in canonical form: a repeated key must carry the same one. */
  requestFingerprint: string;
  ambiente: string;
  /** The emitter's UF (`SP`): where the document is authorised, or its SVC in contingency. */
  uf: string;
  nfe: NumberableNfe;
  credentials: SigningCredentials;
  issuedAt: Date;
  /** The series counter as read while the request was checked; the engine may know a later one. */
  counterHint: number;
}

/**
 * `created`: stored now. `replayed`: the key already holds a document (emitted by another process
 * meanwhile); the caller decides whether it is a replay or a reuse for other data.
 */
export type JobResult =
  { kind: 'created'; document: DocumentRow } | { kind: 'replayed'; document: DocumentRow };

/** Counts since the process started, for metrics. */
export interface EngineStats {
  /** Documents stored by an optimistic statement. */
  optimisticStored: number;
  /** Optimistic statements sent (optimisticStored ÷ this is the mean batch size). */
  optimisticStatements: number;
  /** Series claims that lost (another process numbered the series first); their jobs were retried. */
  claimsLost: number;
  /** Transactions of the locked path (each for one series). */
  lockedBatches: number;
  /** Optimistic batches that started while an earlier batch of one of their series was still in flight. */
  pipelinedBatches: number;
}

export interface EmissionEngine {
  /** Numbers, signs and stores one job. Jobs in flight at once must have distinct (product, key). */
  submit(job: EmissionJob): Promise<JobResult>;
  stats(): EngineStats;
}
