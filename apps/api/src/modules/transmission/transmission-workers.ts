import type { TlsCredentials } from '@emissor/sefaz';

import type { Logger } from '../../http/logger.js';
import { runAttempt, type ExchangeSettings } from './exchange.js';
import type { AttemptResult, ClaimedDocument, TransmissionQueue } from './transmission-queue.js';

/** How long an attempt waits for a certificate the branch lacks before looking again. */
const NO_CERTIFICATE_RETRY_MS = 60_000;

export interface WorkerSettings extends ExchangeSettings {
  /** Attempts this process keeps in flight. */
  concurrency: number;
  /** Idle look for work other processes queued. */
  pollMs: number;
}

export interface TransmissionWorkers {
  /** Work was queued by this process: look now rather than at the next poll. */
  poke(): void;
  /** Stops claiming and waits for the attempts in flight (their results are stored). */
  stop(): Promise<void>;
}

/**
 * The transmission workers of one API process: claim documents from the PostgreSQL queue (row
 * locks with SKIP LOCKED, so any number of processes share it), run one attempt each, store its
 * result. A process that dies mid-attempt loses nothing: the row's lease ends and another claim
 * consults SEFAZ before anything is resent.
 */
export function startTransmissionWorkers(
  queue: TransmissionQueue,
  credentialsOf: (certificateId: string) => Promise<TlsCredentials>,
  settings: WorkerSettings,
  logger: Logger,
): TransmissionWorkers {
  // Twice the call timeout: an attempt that still runs when its lease ends has already timed out.
  const leaseMs = settings.timeoutMs * 2 + 10_000;
  let inFlight = 0;
  let stopped = false;
  let looking = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const idle = new Set<() => void>();

  const attempt = async (claimed: ClaimedDocument) => {
    const log = logger.child({ chave: claimed.chave, attempt: claimed.attempt });
    let result: AttemptResult;
    try {
      if (!claimed.certificateId)
        result = {
          kind: 'later',
          delayMs: NO_CERTIFICATE_RETRY_MS,
          error: 'the branch has no live certificate',
        };
      else result = await runAttempt(settings, claimed, await credentialsOf(claimed.certificateId));
    } catch (error) {
      log.error({ err: error }, 'transmission attempt failed');
      result = { kind: 'later', delayMs: settings.retryBaseMs, error: (error as Error).message };
    }
    const stored = await queue.settle(claimed, result);
    if (result.kind === 'final')
      log.info(
        { status: result.status, cStat: result.cStat, protocolo: result.protocolo?.nProt, stored },
        'transmission finished',
      );
    else
      log.info(
        { retry_in_ms: Math.round(result.delayMs), reason: result.error },
        'transmission retried',
      );
  };

  const look = async () => {
    if (looking) {
      again = true;
      return;
    }
    looking = true;
    try {
      do {
        again = false;
        const room = settings.concurrency - inFlight;
        if (stopped || room <= 0) break;
        const claimed = await queue.claim(room, leaseMs);
        for (const document of claimed) {
          inFlight += 1;
          void attempt(document)
            .catch((error: unknown) => logger.error({ err: error }, 'storing an attempt failed'))
            .finally(() => {
              inFlight -= 1;
              if (inFlight === 0) for (const resolve of idle) resolve();
              void look();
            });
        }
        if (claimed.length === room) again = true;
      } while (again);
    } catch (error) {
      logger.error({ err: error }, 'claiming transmission work failed');
    } finally {
      looking = false;
    }
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
      if (!stopped) void look();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (inFlight > 0) await new Promise<void>((resolve) => idle.add(resolve));
    },
  };
}
