import { randomUUID } from 'node:crypto';

import type { WebhookEventType } from '@emissor/contract';
import { sql, type Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';
import { messageBody } from './webhooks.mapper.js';

/** A status change to tell the product's webhooks of. */
export interface WebhookEvent {
  productId: string;
  type: WebhookEventType;
  /** The document, event or inutilização (`data.id`). */
  resourceId: string;
  /** The document it belongs to: deliveries with the same key reach a webhook in order. */
  orderingKey: string;
  /** The resource as the API reads it (toDocumentRead, toFiscalEventRead, toFiscalVoidRead). */
  data: unknown;
  occurredAt: Date;
}

/**
 * The outbox: one pending delivery per live, active webhook of the product that takes this type,
 * in one statement. Call it with the transaction that stores the status change, so the change and
 * its deliveries commit together (at least once). Cheap when the product has no webhook: one probe
 * of the webhooks_product_live index. Returns how many deliveries were queued.
 */
export async function recordWebhookEvent(
  trx: Kysely<Database>,
  event: WebhookEvent,
): Promise<number> {
  const payload = messageBody(event.type, event.occurredAt, event.data);
  const result = await sql`
    insert into webhook_deliveries (webhook_id, event_id, type, resource_id, ordering_key, payload)
    select id, ${randomUUID()}, ${event.type}, ${event.resourceId}, ${event.orderingKey}, ${payload}
    from webhooks
    where product_id = ${event.productId} and deleted_at is null and ativo
      and (eventos is null or ${event.type} = any (eventos))`.execute(trx);
  return Number(result.numAffectedRows ?? 0n);
}
