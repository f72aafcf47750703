import type { TransmissionQueueTable } from '../../db/schema.js';

/** A document claimed for one attempt, with what the attempt needs to talk to SEFAZ. */
export interface ClaimedDocument {
  documentId: string;
  /** This attempt's number: the fence its result is stored under. */
  attempt: number;
  /** An earlier attempt may have sent the document: consult before any resend. */
  maybeSent: boolean;
  recibo: TransmissionQueueTable['recibo'];
  /** When SEFAZ gave the recibo, and the average time (s) it announced for the lot. */
  reciboAt: Date | null;
  tMed: TransmissionQueueTable['t_med'];
  lastCStat: TransmissionQueueTable['last_cstat'];
  /** The last attempt's error, as stored (its first 500 characters). */
  lastError: TransmissionQueueTable['last_error'];
  /** Attempts in a row that failed before sending with that same error (local-failure.ts). */
  localFailures: number;
  chave: string;
  ambiente: string;
  productId: string;
  /** The slot's live certificate now (null: deleted meanwhile; the attempt waits for a new one). */
  certificateId: string | null;
  enqueuedAt: Date;
}

/**
 * A document claimed to be sent (never sent, or consulted first and sent if SEFAZ never got it),
 * with its signed XML. A receipt poll needs only the chave, so its claim reads no XML.
 */
export type ClaimedToSend = ClaimedDocument & { xml: string };

/** What an attempt ends with: a final status stored with the document, or another try later. */
export type AttemptResult =
  | {
      kind: 'final';
      status: 'autorizada' | 'denegada' | 'rejeitada' | 'cancelada';
      cStat: string;
      xMotivo: string;
      protocolo?: { nProt: string | null; dhRecbto: string; protNFe: string };
    }
  | {
      kind: 'later';
      delayMs: number;
      /** Keep (string), clear (null) or leave (undefined) the receipt to poll. */
      recibo?: string | null;
      /** With a new recibo: the lot's tMed (seconds). */
      tMed?: number | null;
      /** Nothing reached SEFAZ, now or before: the next attempt sends without consulting. */
      notSent?: boolean;
      /** The attempt failed before sending: identical such failures in a row, this one included. */
      localFailures?: number;
      cStat?: string;
      error: string;
    };

export type SettledResult = { claimed: ClaimedDocument; result: AttemptResult };

/**
 * Where documents wait for transmission: the PostgreSQL queue every API process serves
 * (pg-transmission-store.ts), or an in-memory one in unit tests. Every claim takes the rows for one
 * attempt before anything is sent (the attempt counted, a lease of `leaseMs`, `sent` set), and
 * every result is stored only while that attempt still holds the row.
 */
export interface TransmissionStore {
  /** Documents waiting on the `maxRecibos` recibos longest due, every claimable one of each lot. */
  claimReceipts(maxRecibos: number, leaseMs: number): Promise<ClaimedDocument[]>;
  /** Documents that may have been sent before (consulted first), without a recibo. */
  claimResumed(limit: number, leaseMs: number): Promise<ClaimedToSend[]>;
  /** Documents never sent, oldest first. */
  claimFresh(limit: number, leaseMs: number): Promise<ClaimedToSend[]>;
  /** Gives claimed documents back untouched (as if never claimed), due now. */
  release(claimed: readonly ClaimedDocument[]): Promise<void>;
  /** Stores the attempt's result; false when the attempt had lost the row (its lease ran out). */
  settle(claimed: ClaimedDocument, result: AttemptResult): Promise<boolean>;
  /** Stores the results of one exchange together; the ids of the documents stored. */
  settleAll(results: readonly SettledResult[]): Promise<Set<string>>;
}
