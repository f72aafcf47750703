import type { DocumentRow } from '../../db/schema.js';
import type { SeriesTarget } from './emission-job.js';

/** A signed document and everything stored with it; the store picks its id and `created_at`. */
export interface DocumentToStore {
  target: SeriesTarget;
  numero: number;
  chave: string;
  codigoNumerico: string;
  ambiente: string;
  idempotencyKey: string;
  requestFingerprint: string;
  /** The signed NF-e packed for storage (src/storage/xml-packing.js) ... */
  packedXml: Uint8Array;
  /** ... with the dictionary of this certificate (the signer's base64 of it). */
  certificateBase64: string;
}

/** Numbers a batch claims on one series: `firstNumber` up to `firstNumber + count - 1`. */
export interface SeriesClaim {
  seriesId: string;
  firstNumber: number;
  count: number;
}

/** Per claimed series: stored, or lost with the counter the statement saw (null: no such series). */
export type ClaimOutcome = { stored: true } | { stored: false; counter: number | null };

/**
 * `conflict`: a unique index refused a row (an idempotency key or a number used meanwhile) and
 * nothing was stored; the locked path sorts it out.
 */
export type ClaimsResult =
  | {
      kind: 'settled';
      outcomes: Map<string, ClaimOutcome>;
      created: Map<DocumentToStore, DocumentRow>;
    }
  | { kind: 'conflict' };

/** What the locked path sees while it holds a series row lock. */
export interface LockedSeries {
  /** The first number free: the counter, or past the highest number the series used if that is later. */
  nextNumber: number;
  /** Documents that already hold some of the asked keys (this product's), by key. */
  used: Map<string, DocumentRow>;
}

/** `conflict`: a key was taken by another process after the lock was read; rolled back, retry. */
export type LockedResult =
  { kind: 'stored'; created: Map<DocumentToStore, DocumentRow> } | { kind: 'conflict' };

/**
 * Where emitted documents live. Two ways in, both storing a number only together with its
 * document and its XML, and advancing the counter in the same commit.
 */
export interface DocumentStore {
  /**
   * Optimistic: one statement for documents of many series, stored only for the claims whose
   * counter still equals their first number. No lock is held while the documents were signed.
   */
  storeIfCountersUnchanged(
    claims: readonly SeriesClaim[],
    documents: readonly DocumentToStore[],
  ): Promise<ClaimsResult>;
  /**
   * Locked: one transaction holds the series row lock while `numberAndSign` decides what to store
   * (it may take as long as signing does); the documents it returns are stored, with the counter
   * moved past the highest of their numbers.
   */
  storeUnderSeriesLock(
    target: SeriesTarget,
    keys: readonly string[],
    numberAndSign: (series: LockedSeries) => Promise<DocumentToStore[]>,
  ): Promise<LockedResult>;
}
