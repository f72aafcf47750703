import type { WebhookAttempt, WebhookDeliveryStatus } from '@emissor/contract';
import { sql, type Kysely } from 'kysely';

import type { Database, WebhookDeliveryRow, WebhookRow } from '../../db/schema.js';

/** Webhooks one product may have: each is a fan-out on every status change of the product. */
export const MAX_WEBHOOKS_PER_PRODUCT = 20;
// Any constant: the first key of the advisory lock that serialises one product's creations.
const WEBHOOK_LIMIT_LOCK = 470_211_318;

type Db = Kysely<Database>;

export interface NewWebhook {
  id: string;
  product_id: string;
  url: string;
  eventos: string[] | null;
  ativo: boolean;
  secrets_ciphertext: Buffer;
  master_key_id: string;
}

/** Inserts a webhook unless the product has its maximum already (counted under a lock). */
export function insertWebhook(db: Db, values: NewWebhook): Promise<WebhookRow | 'limit_reached'> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${WEBHOOK_LIMIT_LOCK}, hashtext(${values.product_id}))`.execute(
      trx,
    );
    const { n } = await trx
      .selectFrom('webhooks')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('product_id', '=', values.product_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_WEBHOOKS_PER_PRODUCT) return 'limit_reached';
    return trx.insertInto('webhooks').values(values).returningAll().executeTakeFirstOrThrow();
  });
}

export function listWebhooks(db: Db, productId: string): Promise<WebhookRow[]> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('product_id', '=', productId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** The product's live webhook; undefined for another product's or a deleted one. */
export function findWebhook(
  db: Db,
  productId: string,
  id: string,
): Promise<WebhookRow | undefined> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('id', '=', id)
    .where('product_id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export interface WebhookChange {
  url?: string;
  eventos?: string[] | null;
  ativo?: boolean;
  secrets_ciphertext?: Buffer;
  master_key_id?: string;
  previous_secret_expires_at?: Date | null;
}

export function updateWebhook(
  db: Db,
  productId: string,
  id: string,
  change: WebhookChange,
): Promise<WebhookRow | undefined> {
  return db
    .updateTable('webhooks')
    .set({ ...change, updated_at: new Date() })
    .where('id', '=', id)
    .where('product_id', '=', productId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteWebhook(db: Db, productId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('webhooks')
    .set({ deleted_at: new Date() })
    .where('id', '=', id)
    .where('product_id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function listDeliveries(
  db: Db,
  webhookId: string,
  page: { status?: WebhookDeliveryStatus | undefined; limit: number; offset: number },
): Promise<WebhookDeliveryRow[]> {
  const { status } = page;
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .$if(status !== undefined, (q) => q.where('status', '=', status as WebhookDeliveryStatus))
    .orderBy('created_at', 'desc')
    .orderBy('seq', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** A delivery made once, already final (the test message): stored with its one attempt. */
export function insertFinishedDelivery(
  db: Db,
  values: {
    id: string;
    webhook_id: string;
    event_id: string;
    type: string;
    payload: string;
    status: 'entregue' | 'falhou';
    attempt: WebhookAttempt;
  },
): Promise<WebhookDeliveryRow> {
  const { attempt, ...rest } = values;
  return db
    .insertInto('webhook_deliveries')
    .values({
      ...rest,
      attempts: JSON.stringify([attempt]),
      attempt_count: 1,
      next_attempt_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** 410 Gone: the receiver asked not to be called again. */
export async function deactivateWebhook(db: Db, id: string): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({ ativo: false, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}
