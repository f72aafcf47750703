import type { Keyring } from '../../crypto/master-key.js';
import { connectDatabase } from '../../db/connect.js';
import type { Env } from '../../env.js';
import type { Logger } from '../../logging/logger.js';
import { listenForDeliveries } from './delivery-signal.js';
import { startWebhookDelivery } from './delivery-work.js';
import { deliverDeps, type WebhookOptions } from './webhook-options.js';

/** Attempts in flight per process: most of an attempt is waiting for a receiver (up to 10 s). */
export const DELIVERY_CONCURRENCY = 16;
/** While the process's requests queue: deliveries can wait, clients cannot. */
const DELIVERY_CONCURRENCY_WHILE_SATURATED = 2;
/** Idle look for due deliveries nobody was told of (a missed notification, an expired lease). */
const DELIVERY_POLL_MS = 5_000;
/** Claims and results are short statements: two connections of their own serve 16 attempts. */
const DELIVERY_POOL_SIZE = 2;

export interface WebhookDelivery {
  /** Stops claiming, waits for the attempts in flight (stored), and closes its connections. */
  stop(): Promise<void>;
}

/**
 * The webhook deliverers of one process: the work engine over webhook_deliveries, woken by the
 * outbox's notification, on connections of their own (a burst of deliveries never takes one the
 * requests answer with). Attempts are signed and timed with the real clock: a receiver checks
 * webhook-timestamp against its own.
 */
export function startWebhookDeliveryWorkers(
  databaseUrl: string,
  keyring: Keyring,
  env: Pick<Env, 'NODE_ENV' | 'WEBHOOK_ALLOW_PRIVATE'>,
  options: WebhookOptions & { requestsSaturated?: () => boolean },
  logger: Logger,
): WebhookDelivery {
  const handle = connectDatabase(databaseUrl, DELIVERY_POOL_SIZE);
  const engine = startWebhookDelivery(
    { db: handle.db, keyring, ...deliverDeps(env, () => new Date(), options) },
    {
      concurrency: DELIVERY_CONCURRENCY,
      concurrencyWhileSaturated: DELIVERY_CONCURRENCY_WHILE_SATURATED,
      ...(options.requestsSaturated && { requestsSaturated: options.requestsSaturated }),
      pollMs: DELIVERY_POLL_MS,
    },
    logger,
  );
  const signal = listenForDeliveries(databaseUrl, () => engine.poke(), logger);
  return {
    async stop() {
      await signal.close();
      await engine.stop();
      await handle.db.destroy();
    },
  };
}
