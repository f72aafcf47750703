import type pg from 'pg';

import { storedXmlText } from '../../storage/stored-xml.js';
import type {
  AttemptResult,
  ClaimedDocument,
  ClaimedToSend,
  SettledResult,
  TransmissionStore,
} from './transmission-store.js';
import {
  CLAIM_FRESH,
  CLAIM_RECEIPTS,
  CLAIM_RESUMED,
  FINISH,
  FINISH_WITH_PROTOCOLS,
  RELEASE,
  RESCHEDULE,
  type ClaimRow,
  type ClaimRowToSend,
  type FinishedRow,
  type FinishedWithProtocolsRow,
  type RescheduledRow,
  type Statement,
} from './transmission-sql.js';

/** How often a document whose stored XML cannot be read is tried again (after a restore, say). */
export const UNREADABLE_XML_RETRY_MS = 3_600_000;

export interface PgTransmissionStoreOptions {
  /** SEFAZ_VOID_REJECTED: a rejection queues the inutilização of the document's number. */
  voidRejected: boolean;
  /** Told of a claimed document whose stored XML could not be read (it was set aside). */
  onUnreadableXml?: (claimed: ClaimedDocument, error: unknown) => void;
}

/** The transmission queue in PostgreSQL (transmission-sql.ts), shared by every API process. */
export function createPgTransmissionStore(
  pool: pg.Pool,
  options: PgTransmissionStoreOptions = { voidRejected: true },
): TransmissionStore {
  const claim = async (statement: Statement, limit: number, leaseMs: number) => {
    if (limit <= 0) return [];
    const { rows } = await pool.query<ClaimRow>({ ...statement, values: [limit, leaseMs] });
    return rows;
  };

  const claimToSend = async (statement: Statement, limit: number, leaseMs: number) => {
    if (limit <= 0) return [];
    const { rows } = await pool.query<ClaimRowToSend>({ ...statement, values: [limit, leaseMs] });
    const readable: ClaimedToSend[] = [];
    const unreadable: SettledResult[] = [];
    for (const { packing, packed, certificate_base64, xml, ...claimed } of rows) {
      try {
        readable.push({
          ...claimed,
          xml: storedXmlText({ xml, packing, packed, certificate_base64 }),
        });
      } catch (error) {
        // Damaged bytes (zlib's checksum) or a row in no known form. Nothing can be sent for it,
        // but it must not take down the claim: the documents claimed with it would wait for their
        // lease, be claimed with it again, and never leave. It is set aside for an hour, its
        // state untouched (a document never sent stays never sent), and reported.
        options.onUnreadableXml?.(claimed, error);
        unreadable.push({
          claimed,
          result: {
            kind: 'later',
            delayMs: UNREADABLE_XML_RETRY_MS,
            notSent: !claimed.maybeSent,
            error: `the stored XML cannot be read (${error instanceof Error ? error.message : String(error)})`,
          },
        });
      }
    }
    await reschedule(unreadable);
    return readable;
  };

  const reschedule = async (entries: readonly SettledResult[]) => {
    const later = entries.flatMap(({ claimed, result }) =>
      result.kind === 'later' ? [{ claimed, result }] : [],
    );
    if (later.length === 0) return [];
    const { rows } = await pool.query<RescheduledRow>({
      ...RESCHEDULE,
      values: [
        later.map((e) => e.claimed.documentId),
        later.map((e) => e.claimed.attempt),
        later.map((e) => Math.round(e.result.delayMs)),
        later.map((e) => e.result.recibo !== undefined),
        later.map((e) => e.result.recibo ?? null),
        later.map((e) => (e.result.tMed == null ? null : Math.round(e.result.tMed))),
        later.map((e) => e.result.notSent === true),
        later.map((e) => e.result.cStat ?? null),
        later.map((e) => e.result.error),
        later.map((e) => e.result.localFailures ?? 0),
      ],
    });
    return rows.map((r) => r.documentId);
  };

  const finish = async (claimed: ClaimedDocument, result: AttemptResult) => {
    if (result.kind !== 'final') throw new Error('not a final result');
    const rejected = result.status === 'rejeitada';
    const { rows } = await pool.query<FinishedRow>({
      ...FINISH,
      values: [
        claimed.documentId,
        claimed.attempt,
        result.status,
        rejected ? result.cStat : null,
        rejected ? result.xMotivo : null,
        result.protocolo?.nProt ?? null,
        result.protocolo?.dhRecbto ?? null,
        result.protocolo?.protNFe ?? null,
        options.voidRejected,
      ],
    });
    return rows[0]?.updated === 1;
  };

  const finishWithProtocols = async (entries: readonly SettledResult[]) => {
    if (entries.length === 0) return [];
    const protocolo = (r: AttemptResult) => (r.kind === 'final' ? r.protocolo : undefined);
    const { rows } = await pool.query<FinishedWithProtocolsRow>({
      ...FINISH_WITH_PROTOCOLS,
      values: [
        entries.map((e) => e.claimed.documentId),
        entries.map((e) => e.claimed.attempt),
        entries.map((e) => (e.result.kind === 'final' ? e.result.status : null)),
        entries.map((e) => protocolo(e.result)?.nProt ?? null),
        entries.map((e) => protocolo(e.result)?.dhRecbto ?? null),
        entries.map((e) => protocolo(e.result)?.protNFe ?? null),
      ],
    });
    return rows[0]?.updated ?? [];
  };

  return {
    claimReceipts: (maxRecibos, leaseMs) => claim(CLAIM_RECEIPTS, maxRecibos, leaseMs),
    claimResumed: (limit, leaseMs) => claimToSend(CLAIM_RESUMED, limit, leaseMs),
    claimFresh: (limit, leaseMs) => claimToSend(CLAIM_FRESH, limit, leaseMs),
    async release(claimed) {
      if (claimed.length === 0) return;
      await pool.query({
        ...RELEASE,
        values: [
          claimed.map((c) => c.documentId),
          claimed.map((c) => c.attempt),
          claimed.map((c) => c.maybeSent),
        ],
      });
    },
    async settle(claimed, result) {
      if (result.kind === 'later') return (await reschedule([{ claimed, result }])).length === 1;
      return finish(claimed, result);
    },
    async settleAll(results) {
      const stored = new Set<string>(await reschedule(results));
      const finals = results.filter((e) => e.result.kind === 'final');
      const withProtocol = finals.filter((e) => e.result.kind === 'final' && e.result.protocolo);
      for (const id of await finishWithProtocols(withProtocol)) stored.add(id);
      for (const e of finals.filter((f) => !withProtocol.includes(f)))
        if (await finish(e.claimed, e.result)) stored.add(e.claimed.documentId);
      return stored;
    },
  };
}
