import { isoTimeSql } from './resource-json.js';

/** Notified (empty payload) by a commit that queued deliveries: every process's deliverers look. */
export const WEBHOOK_DUE_CHANNEL = 'emissor_webhook_due';

/**
 * The outbox as CTEs of the statement that stores final statuses: `webhook_queued` inserts one
 * pending delivery per live, active webhook of the product that takes the message's type, and
 * `webhook_told` wakes the deliverers when it inserted any (read it in the statement's result,
 * WEBHOOK_TOLD_COLUMN: PostgreSQL skips a SELECT CTE nobody reads). Being in the same statement,
 * a committed status always has its deliveries (at least once). A product with no webhook costs
 * one probe of the webhooks_product_live index per status and inserts nothing.
 *
 * `messages` is a SELECT of `product_id`, `type`, `resource_id`, `ordering_key` (the document: its
 * deliveries to a webhook go in order), `data` (json: resource-json.ts) and `turn` (the order of a
 * statement's messages about one document). The event id is derived from type and resource (a
 * resource reaches each final status once), shared by the webhooks told of it; `timestamp` is the
 * status change's.
 */
export function webhookOutboxCtes(messages: string): string {
  return `webhook_queued as (
      insert into webhook_deliveries (webhook_id, event_id, type, resource_id, ordering_key, payload)
      select w.id, md5(m.type || ':' || m.resource_id)::uuid, m.type, m.resource_id,
             m.ordering_key,
             json_build_object('type', m.type, 'timestamp', ${isoTimeSql('now()')},
                               'data', m.data)::text
      from (${messages}) m
      join webhooks w on w.product_id = m.product_id and w.deleted_at is null and w.ativo
       and (w.eventos is null or m.type = any (w.eventos))
      where m.type is not null
      order by m.turn, w.created_at
      on conflict on constraint webhook_deliveries_event_webhook do nothing
      returning webhook_id
    ), webhook_told as (
      select pg_notify('${WEBHOOK_DUE_CHANNEL}', '') where exists (select from webhook_queued)
    )`;
}

/** The result column that makes webhook_told run (1 when deliveries were queued). */
export const WEBHOOK_TOLD_COLUMN = `(select count(*) from webhook_told)::int as "webhooksTold"`;
