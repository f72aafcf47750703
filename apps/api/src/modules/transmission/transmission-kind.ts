import { createHash } from 'node:crypto';

import { MAX_NFE_PER_LOT, type TlsCredentials } from '@emissor/sefaz';

import type { Logger } from '../../logging/logger.js';
import { failedAttempt, soonestRetryMs } from '../../queue/attempt-result.js';
import { leaseMs } from '../../queue/lease.js';
import type { WorkKind, WorkRound } from '../../queue/work-engine.js';
import type { ExchangeSettings } from './sefaz-call.js';
import { reportExchange } from './transmission-log.js';
import type {
  AttemptResult,
  ClaimedDocument,
  ClaimedToSend,
  SettledResult,
  TransmissionStore,
} from './transmission-store.js';
import { exchangeUnit, type TransmissionUnit } from './transmission-unit.js';
import { gatherLeftMs, lotKeyOf, planReceipts, planSends } from './work-plan.js';

/** Transmission's two ports besides SEFAZ's (ExchangeSettings.client): the queue and certificates. */
export interface TransmissionPorts {
  store: TransmissionStore;
  /** The decrypted credentials of a slot certificate (cached by the caller). */
  credentialsOf: (certificateId: string) => Promise<TlsCredentials>;
  /**
   * Documents claimed to be sent for the first time, as they are to be sent: re-issued in SVC
   * where their UF is in contingency (contingency/svc-reissue.ts). Absent: as claimed.
   */
  beforeFirstSend?: (documents: ClaimedToSend[]) => Promise<ClaimedToSend[]>;
}

export interface TransmissionKindSettings extends ExchangeSettings {
  /**
   * Documents never sent are claimed at most once per this interval, so that a stream of
   * emissions leaves in lots rather than one exchange each; the first after a quiet spell goes at
   * once. 0: claimed as soon as they are queued.
   */
  gatherMs: number;
}

/** Certificates are compared by their bytes: branches that share one may share a lot. */
const certificateKeys = new WeakMap<TlsCredentials, string>();
function certificateKey(credentials: TlsCredentials): string {
  let key = certificateKeys.get(credentials);
  if (!key) {
    key = createHash('sha256').update(credentials.certificatePem).digest('hex');
    certificateKeys.set(credentials, key);
  }
  return key;
}

/**
 * Transmission as a kind of work on the queue engine. A round claims, while there is room: the
 * lots waiting on their recibo first (one poll settles up to 50 documents), then the documents
 * to consult (an earlier attempt may have sent them), then documents never sent, packed into
 * lots per certificate, UF and ambiente (work-plan.ts). Each unit is one exchange; its results
 * are stored together, logged, and the soonest retry given back to the engine's timer.
 */
export function transmissionKind(
  ports: TransmissionPorts,
  settings: TransmissionKindSettings,
  logger: Logger,
  now: () => number = Date.now,
): WorkKind<TransmissionUnit> {
  const lease = leaseMs(settings.timeoutMs);
  let lastFreshFound = 0;

  /** The lot key of each document never sent, its certificate read once per claim. */
  const keysOf = async (documents: readonly ClaimedDocument[]) => {
    const keys = new Map<string, string | undefined>();
    for (const d of documents) {
      if (!d.certificateId || keys.has(d.certificateId)) continue;
      const credentials = await ports.credentialsOf(d.certificateId).catch(() => undefined);
      keys.set(d.certificateId, credentials && certificateKey(credentials));
    }
    return (d: ClaimedDocument) =>
      lotKeyOf(d, d.certificateId ? keys.get(d.certificateId) : undefined);
  };

  const claim = async (round: WorkRound<TransmissionUnit>, full: boolean) => {
    let more = false;
    if (full) {
      if (round.room() <= 0) return true;
      let limit = round.room();
      const receipts = planReceipts(await ports.store.claimReceipts(limit, lease));
      for (const documents of receipts) round.start({ kind: 'receipt', documents });
      more = receipts.length === limit;

      if (round.room() <= 0) return true;
      limit = round.room();
      const resumed = await ports.store.claimResumed(limit, lease);
      for (const document of resumed) round.start({ kind: 'single', documents: [document] });
      more ||= resumed.length === limit;
    }

    if (round.room() <= 0) return true;
    // Fewer, fuller lots: fewer calls to SEFAZ, and less work beside the requests per document.
    const gatherLeft = gatherLeftMs(lastFreshFound, settings.gatherMs, now());
    if (gatherLeft > 0) {
      round.freshLookAfter(gatherLeft);
      return more;
    }
    const limit = round.room();
    const claimed = await ports.store.claimFresh(limit * MAX_NFE_PER_LOT, lease);
    if (claimed.length > 0) lastFreshFound = now();
    const fresh = ports.beforeFirstSend ? await ports.beforeFirstSend(claimed) : claimed;
    const sends = planSends(fresh, await keysOf(fresh));
    // More lots than free exchanges (many certificates at once): the rest is given back.
    await ports.store.release(sends.slice(limit).flat());
    for (const documents of sends.slice(0, limit)) {
      const [only, ...others] = documents;
      if (only && others.length === 0) round.start({ kind: 'single', documents: [only] });
      else round.start({ kind: 'lot', documents });
    }
    return more || claimed.length === limit * MAX_NFE_PER_LOT || sends.length > limit;
  };

  const run = async (unit: TransmissionUnit) => {
    let results: AttemptResult[];
    try {
      results = await exchangeUnit(settings, unit, ports.credentialsOf);
    } catch (error) {
      logger.error(
        { err: error, chaves: unit.documents.map((d) => d.chave) },
        'transmission attempt failed',
      );
      results = unit.documents.map((d) => failedAttempt(error, d.attempt, settings.retryBaseMs));
    }
    const settled: SettledResult[] = unit.documents.map((claimed, i) => ({
      claimed,
      result: results[i] ?? { kind: 'later', delayMs: settings.retryBaseMs, error: 'no result' },
    }));
    const stored = await ports.store.settleAll(settled);
    reportExchange(unit, settled, stored, settings.observer, logger, now);
    return soonestRetryMs(results);
  };

  return { what: 'transmission', claim, run };
}
