import pg from 'pg';

import type { Logger } from '../../logging/logger.js';
import { WEBHOOK_DUE_CHANNEL } from './outbox.js';

export interface DeliverySignal {
  close(): Promise<void>;
}

/** A lost LISTEN connection is opened again after this; the poll covers the gap. */
const RECONNECT_MS = 1_000;

/**
 * Calls `onDue` whenever any process commits new deliveries (the outbox notifies
 * WEBHOOK_DUE_CHANNEL), so a status change is delivered at once, whichever process stored it,
 * without polling fast. One connection per process; a product without webhooks never notifies.
 */
export function listenForDeliveries(
  databaseUrl: string,
  onDue: () => void,
  logger: Logger,
): DeliverySignal {
  let client: pg.Client | undefined;
  let closed = false;

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', () => onDue());
    next.on('error', (error) => {
      logger.warn({ err: error }, 'webhook delivery listener lost its connection; reconnecting');
      client = undefined;
      void next.end().catch(() => undefined);
      if (!closed) setTimeout(() => void start(), RECONNECT_MS).unref();
    });
    await next.connect();
    await next.query(`listen ${WEBHOOK_DUE_CHANNEL}`);
    if (closed) await next.end();
    else {
      client = next;
      // Deliveries committed while it was not listening.
      onDue();
    }
  };
  const start = () =>
    connect().catch((error: unknown) => {
      logger.warn({ err: error }, 'webhook delivery listener could not connect; polling only');
      if (!closed) setTimeout(() => void start(), RECONNECT_MS * 10).unref();
    });
  const ready = start();

  return {
    async close() {
      closed = true;
      await ready;
      await client?.end().catch(() => undefined);
    },
  };
}
