import type { PreparedNfe } from '@emissor/nfe-xml';
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

/** One validated emission waiting for its number. */
export interface EmissionJob {
  target: SeriesTarget;
  idempotencyKey: string;
  ambiente: string;
  prepared: PreparedNfe;
  credentials: SigningCredentials;
  issuedAt: Date;
  /** The series counter as read when the request was checked: a first guess of the next number. */
  observedNextNumber: number;
}

/** `created`: stored now. `replay`: the key was already used (the caller reads that document). */
export type JobResult = { kind: 'created'; document: DocumentRow } | { kind: 'replay' };

/** A job with the promise callbacks of the request waiting for it. */
export interface QueuedJob {
  job: EmissionJob;
  resolve: (result: JobResult) => void;
  reject: (error: unknown) => void;
}

/** Counts since the process started, for metrics. */
export interface BatcherStats {
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

export interface EmissionBatcher {
  submit(job: EmissionJob): Promise<JobResult>;
  stats(): BatcherStats;
}
