import type { Logger } from '../../logging/logger.js';
import { leaseMs } from '../../queue/lease.js';
import {
  startWorkEngine,
  type WorkEngine,
  type WorkEngineSettings,
} from '../../queue/work-engine.js';
import { DELIVERY_TIMEOUT_MS } from './deliver.js';
import {
  attemptDelivery,
  claimDueDeliveries,
  type DeliveryHandlerDeps,
} from './delivery-handler.js';

/**
 * Webhook deliveries as a kind of work on the work queue: claims due deliveries (leased for the
 * queue's lease over the attempt's timeout), makes one attempt each, and stores it. A delivery
 * waits behind an earlier pending one of its document to its webhook, so the engine looks again
 * whenever one ends (lookWhenDone). An attempt holds no database connection while it waits for
 * the receiver: a slow receiver takes a slot of this engine, nothing of the emissions'.
 */
export function startWebhookDelivery(
  deps: DeliveryHandlerDeps,
  settings: WorkEngineSettings,
  logger: Logger,
): WorkEngine {
  const lease = leaseMs(deps.timeoutMs ?? DELIVERY_TIMEOUT_MS);
  return startWorkEngine<string>(
    {
      what: 'webhook delivery',
      async claim(round) {
        const room = round.room();
        if (room <= 0) return true;
        const ids = await claimDueDeliveries(deps.db, {
          now: deps.now(),
          limit: room,
          leaseMs: lease,
        });
        for (const id of ids) round.start(id);
        return ids.length === room;
      },
      async run(id) {
        const handled = await attemptDelivery(id, deps);
        if (handled.kind !== 'attempted') {
          if (handled.kind === 'abandoned')
            logger.info({ delivery_id: id }, 'webhook delivery abandoned: webhook inactive');
          return undefined;
        }
        const { attempt } = handled.outcome;
        logger.info(
          {
            delivery_id: id,
            status: handled.status,
            http_status: attempt.http_status,
            erro: attempt.erro,
            duration_ms: attempt.duracao_ms,
            stored: handled.stored,
          },
          handled.status === 'pendente' ? 'webhook delivery retried' : 'webhook delivery finished',
        );
        if (!handled.stored || handled.nextAttemptAt === null) return undefined;
        return Math.max(0, handled.nextAttemptAt.getTime() - deps.now().getTime());
      },
      lookWhenDone: true,
    },
    settings,
    logger,
  );
}
