import type { WebhookEventType } from '@emissor/contract';
import { sql, type Kysely } from 'kysely';

import type { Database } from '../../src/db/schema.js';
import { webhookOutboxCtes, WEBHOOK_TOLD_COLUMN } from '../../src/modules/webhooks/outbox.js';

/** A status change to tell the product's webhooks of, as a test states it. */
export interface OutboxMessage {
  productId: string;
  type: WebhookEventType;
  resourceId: string;
  orderingKey: string;
  data: unknown;
}

/**
 * Queues `message` through the outbox CTEs the status statements use (webhookOutboxCtes), in the
 * caller's connection or transaction. Returns how many deliveries were queued.
 */
export async function queueOutboxMessage(
  db: Kysely<Database>,
  message: OutboxMessage,
): Promise<number> {
  const messages = `select ${literal(message.productId)}::uuid as product_id,
      ${literal(message.type)}::text as type, ${literal(message.resourceId)}::uuid as resource_id,
      ${literal(message.orderingKey)}::uuid as ordering_key,
      ${literal(JSON.stringify(message.data))}::json as data, 0 as turn`;
  const { rows } = await sql<{ queued: number }>`
    with ${sql.raw(webhookOutboxCtes(messages))}
    select (select count(*) from webhook_queued)::int as queued, ${sql.raw(WEBHOOK_TOLD_COLUMN)}`.execute(
    db,
  );
  return rows[0]?.queued ?? 0;
}

/** A test's own values as SQL text literals (the CTEs take a SELECT's text). */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
