import { createHash } from 'node:crypto';

import { MAX_NFE_PER_LOT, type TlsCredentials } from '@emissor/sefaz';

import type { Logger } from '../../http/logger.js';
import { runAttempt } from './exchange.js';
import { pollReceipt, sendLot } from './lot-exchange.js';
import type { ExchangeSettings } from './sefaz-call.js';
import type {
  AttemptResult,
  ClaimedDocument,
  ClaimedToSend,
  SettledResult,
  TransmissionQueue,
} from './transmission-queue.js';
import { freeExchanges } from './free-exchanges.js';
import { failedAttempt } from './retry-delay.js';
import { planReceipts, planSends } from './work-plan.js';

/** How long an attempt waits for a certificate the branch lacks before looking again. */
const NO_CERTIFICATE_RETRY_MS = 60_000;

export interface WorkerSettings extends ExchangeSettings {
  /** Exchanges with SEFAZ this process keeps in flight. */
  concurrency: number;
  /** Exchanges kept in flight while `requestsSaturated` (see freeExchanges). */
  concurrencyWhileSaturated: number;
  /** Whether this process's requests are queueing right now (absent: never). */
  requestsSaturated?: () => boolean;
  /**
   * Documents never sent are claimed at most once per this interval, so that a stream of
   * emissions leaves in lots rather than one exchange each; the first after a quiet spell goes at
   * once. 0: claimed as soon as they are queued.
   */
  gatherMs: number;
  /** Idle look for work other processes queued. */
  pollMs: number;
}

/** How soon a process that held back because of its requests looks again. */
const SATURATED_RETRY_MS = 100;

export interface TransmissionWorkers {
  /** Work was queued by this process: look now rather than at the next poll. */
  poke(): void;
  /** Stops claiming and waits for the exchanges in flight (their results are stored). */
  stop(): Promise<void>;
}

/** One exchange with SEFAZ and the documents it settles. */
type Unit =
  | { kind: 'receipt'; documents: ClaimedDocument[] }
  | { kind: 'lot'; documents: ClaimedToSend[] }
  | { kind: 'single'; documents: [ClaimedToSend] };

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
 * The transmission workers of one API process: claim documents from the PostgreSQL queue (row
 * locks with SKIP LOCKED, so any number of processes share it), group them into exchanges (a
 * receipt poll per lot, a consultation per document that may have been sent, an asynchronous lot
 * per certificate, UF and ambiente, a lone document synchronously), and store each result. A
 * process that dies mid-exchange loses nothing: the rows' leases end and whoever claims them next
 * consults SEFAZ before anything is resent.
 */
export function startTransmissionWorkers(
  queue: TransmissionQueue,
  credentialsOf: (certificateId: string) => Promise<TlsCredentials>,
  settings: WorkerSettings,
  logger: Logger,
): TransmissionWorkers {
  // Twice the call timeout: an exchange that still runs when its lease ends has already timed out.
  const leaseMs = settings.timeoutMs * 2 + 10_000;
  let inFlight = 0;
  let stopped = false;
  let looking = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const idle = new Set<() => void>();

  const exchange = async (unit: Unit): Promise<AttemptResult[]> => {
    const [first] = unit.documents;
    if (!first?.certificateId)
      return unit.documents.map((): AttemptResult => ({
        kind: 'later',
        delayMs: NO_CERTIFICATE_RETRY_MS,
        error: 'the branch has no live certificate',
      }));
    const credentials = await credentialsOf(first.certificateId);
    if (unit.kind === 'receipt') return pollReceipt(settings, unit.documents, credentials);
    if (unit.kind === 'lot') return sendLot(settings, unit.documents, credentials);
    return [await runAttempt(settings, unit.documents[0], credentials)];
  };

  const run = async (unit: Unit) => {
    let results: AttemptResult[];
    try {
      results = await exchange(unit);
    } catch (error) {
      logger.error(
        { err: error, chaves: unit.documents.map((d) => d.chave) },
        'transmission attempt failed',
      );
      results = unit.documents.map((d) => failedAttempt(error, d.attempt, settings.retryBaseMs));
    }
    const settled: SettledResult[] = unit.documents.map((claimed, i) => ({
      claimed,
      result: results[i] ?? {
        kind: 'later' as const,
        delayMs: settings.retryBaseMs,
        error: 'no result',
      },
    }));
    const stored = await queue.settleAll(settled);
    report(unit, settled, stored);
    const soonest = Math.min(
      ...results.map((r) => (r.kind === 'later' ? r.delayMs : Number.POSITIVE_INFINITY)),
    );
    if (Number.isFinite(soonest)) lookAfter(soonest);
  };

  const report = (unit: Unit, settled: SettledResult[], stored: Set<string>) => {
    if (unit.kind !== 'single') {
      const first = settled[0]?.result;
      logger.info(
        {
          exchange: unit.kind,
          documents: unit.documents.length,
          recibo: (first?.kind === 'later' && first.recibo) || unit.documents[0]?.recibo,
        },
        unit.kind === 'lot' ? 'transmission lot sent' : 'transmission receipt polled',
      );
    }
    for (const { claimed, result } of settled) {
      // Fields per line rather than a child logger per document: a lot's 50 lines are written in
      // one turn of the event loop, beside the requests.
      const about = { chave: claimed.chave, attempt: claimed.attempt };
      const isStored = stored.has(claimed.documentId);
      if (result.kind === 'final') {
        if (isStored)
          settings.observer.finished(
            result.status,
            (Date.now() - claimed.enqueuedAt.getTime()) / 1000,
          );
        logger.info(
          {
            ...about,
            status: result.status,
            cStat: result.cStat,
            protocolo: result.protocolo?.nProt,
            stored: isStored,
          },
          'transmission finished',
        );
      } else if (result.recibo)
        // Not a retry: the lot is with SEFAZ and its result is asked for when due.
        logger.debug(
          { ...about, recibo: result.recibo, poll_in_ms: Math.round(result.delayMs) },
          'transmission awaiting the lot',
        );
      else
        logger.info(
          { ...about, retry_in_ms: Math.round(result.delayMs), reason: result.error },
          'transmission retried',
        );
    }
  };

  const start = (unit: Unit) => {
    inFlight += 1;
    void run(unit)
      .catch((error: unknown) => logger.error({ err: error }, 'storing an attempt failed'))
      .finally(() => {
        inFlight -= 1;
        if (inFlight === 0) for (const resolve of idle) resolve();
        // A freed exchange matters only to work the last look had no room for. Work that becomes
        // due later has its timer (lookAfter), new emissions poke, other processes' work the tick.
        if (heldBack) void look();
      });
  };

  /** Groups of documents never sent: one key per certificate, UF and ambiente. */
  const keysOf = async (documents: readonly ClaimedDocument[]) => {
    const keys = new Map<string, string | undefined>();
    for (const d of documents) {
      if (!d.certificateId || keys.has(d.certificateId)) continue;
      const credentials = await credentialsOf(d.certificateId).catch(() => undefined);
      keys.set(d.certificateId, credentials && certificateKey(credentials));
    }
    return (d: ClaimedDocument) => {
      const certificate = d.certificateId ? keys.get(d.certificateId) : undefined;
      // The chave starts with the cUF: one UF, one authoriser.
      return certificate && `${d.productId}|${certificate}|${d.chave.slice(0, 2)}|${d.ambiente}`;
    };
  };

  const room = () => {
    if (stopped) return 0;
    const saturated = settings.requestsSaturated?.() ?? false;
    const free = freeExchanges({
      concurrency: settings.concurrency,
      concurrencyWhileSaturated: settings.concurrencyWhileSaturated,
      saturated,
      inFlight,
    });
    // Held back for the requests: look again soon rather than at the next idle poll.
    if (saturated && free === 0) lookAfter(SATURATED_RETRY_MS);
    return free;
  };

  /**
   * One round of claims while exchanges are free. `full`: also receipts and documents to consult,
   * which become due with time; a poke (a new emission) only brings documents never sent.
   */
  const claimOnce = async (full: boolean) => {
    const more = await claimRound(full);
    if (more) heldBack = true;
    return more;
  };

  /** `claimOnce` without the bookkeeping: whether work may be left that there was no room for. */
  const claimRound = async (full: boolean) => {
    let more = false;
    if (full) {
      // Lots waiting on their recibo first: one poll settles up to 50 documents.
      if (room() <= 0) return true;
      let limit = room();
      const receipts = planReceipts(await queue.claimReceipts(limit, leaseMs));
      for (const documents of receipts) start({ kind: 'receipt', documents });
      more = receipts.length === limit;

      if (room() <= 0) return true;
      limit = room();
      const resumed = await queue.claimResumed(limit, leaseMs);
      for (const document of resumed) start({ kind: 'single', documents: [document] });
      more ||= resumed.length === limit;
    }

    if (room() <= 0) return true;
    // Fewer, fuller lots: fewer calls to SEFAZ, and less work beside the requests per document.
    const gatherLeft = lastFreshClaim + settings.gatherMs - Date.now();
    if (gatherLeft > 0) {
      gatherAfter(gatherLeft);
      return more;
    }
    const limit = room();
    const fresh = await queue.claimFresh(limit * MAX_NFE_PER_LOT, leaseMs);
    // Only a claim that found documents starts an interval: a quiet queue sends the next at once.
    if (fresh.length > 0) lastFreshClaim = Date.now();
    const sends = planSends(fresh, await keysOf(fresh));
    // More groups than free exchanges (many certificates at once): the rest is given back.
    await queue.release(sends.slice(limit).flat());
    for (const documents of sends.slice(0, limit)) {
      const [only, ...others] = documents;
      if (only && others.length === 0) start({ kind: 'single', documents: [only] });
      else start({ kind: 'lot', documents });
    }
    return more || fresh.length === limit * MAX_NFE_PER_LOT || sends.length > limit;
  };

  let lastFreshClaim = 0;
  let gatherTimer: NodeJS.Timeout | undefined;
  const gatherAfter = (ms: number) => {
    if (gatherTimer || stopped) return;
    gatherTimer = setTimeout(() => {
      gatherTimer = undefined;
      void look(false);
    }, ms);
    gatherTimer.unref();
  };

  let againFull = false;
  /** The last look stopped with work it may not have taken (no free exchange, or a full claim). */
  let heldBack = false;
  const look = async (full = true) => {
    if (looking) {
      again = true;
      againFull ||= full;
      return;
    }
    looking = true;
    // Only a full look sees everything a held-back look left (receipts and consultations too).
    if (full) heldBack = false;
    try {
      let round = full;
      do {
        again = false;
        againFull = false;
        if (await claimOnce(round)) again = true;
        round = againFull || round;
      } while (again && room() > 0);
    } catch (error) {
      logger.error({ err: error }, 'claiming transmission work failed');
    } finally {
      looking = false;
    }
  };

  // The instants retries and polls this process scheduled are due (rounded to 50 ms, bounded):
  // one timer for the soonest, re-armed for the next, so a due lot does not wait for the idle poll.
  const dues = new Set<number>();
  let wake: { at: number; timer: NodeJS.Timeout } | undefined;
  const arm = () => {
    if (stopped || dues.size === 0) return;
    const next = Math.min(...dues);
    if (wake?.at === next) return;
    if (wake) clearTimeout(wake.timer);
    const timer = setTimeout(
      () => {
        wake = undefined;
        for (const due of dues) if (due <= Date.now() + 5) dues.delete(due);
        void look();
        arm();
      },
      Math.max(0, next - Date.now()) + 5,
    );
    timer.unref();
    wake = { at: next, timer };
  };
  const lookAfter = (ms: number) => {
    if (dues.size < 1_000) dues.add(Math.ceil((Date.now() + ms) / 50) * 50);
    arm();
  };

  const tick = () => {
    if (stopped) return;
    void look().finally(() => {
      if (!stopped) timer = setTimeout(tick, settings.pollMs);
    });
  };
  tick();

  return {
    poke() {
      if (!stopped) void look(false);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(gatherTimer);
      if (wake) clearTimeout(wake.timer);
      if (inFlight > 0) await new Promise<void>((resolve) => idle.add(resolve));
    },
  };
}
