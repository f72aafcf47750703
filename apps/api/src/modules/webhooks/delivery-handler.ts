import type { WebhookAttempt } from '@emissor/contract';
import { sql, type Kysely } from 'kysely';

import type { Keyring } from '../../crypto/master-key.js';
import type { Database } from '../../db/schema.js';
import { leaseMs as queueLeaseMs } from '../../queue/lease.js';
import { deliver, DELIVERY_TIMEOUT_MS, type AttemptOutcome, type DeliverDeps } from './deliver.js';
import { nextDeliveryState } from './delivery-state.js';
import { openSecrets, signingSecrets } from './webhook-secrets.js';

/**
 * Claims up to `limit` due deliveries: their next_attempt_at moves forward by the lease (the work
 * queue's, queue/lease.ts, over the attempt's timeout), so no other process takes them meanwhile. A delivery waits while an earlier one of the same document
 * to the same webhook is still pending (ordered per document).
 */
export async function claimDueDeliveries(
  db: Kysely<Database>,
  {
    now,
    limit,
    leaseMs = queueLeaseMs(DELIVERY_TIMEOUT_MS),
  }: { now: Date; limit: number; leaseMs?: number },
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    update webhook_deliveries set next_attempt_at = ${new Date(now.getTime() + leaseMs)}
    where id in (
      select c.id from webhook_deliveries c
      where c.status = 'pendente' and c.next_attempt_at <= ${now}
        and not exists (
          select 1 from webhook_deliveries e
          where e.webhook_id = c.webhook_id and e.ordering_key = c.ordering_key
            and e.status = 'pendente' and e.seq < c.seq)
      order by c.next_attempt_at
      limit ${limit}
      for update skip locked)
    returning id`.execute(db);
  return rows.map((row) => row.id);
}

export interface DeliveryHandlerDeps extends DeliverDeps {
  db: Kysely<Database>;
  keyring: Keyring;
}

/** What became of a claimed delivery. */
export type HandledDelivery =
  | {
      kind: 'attempted';
      outcome: AttemptOutcome;
      status: 'pendente' | 'entregue' | 'falhou';
      /** When it is due again while pendente. */
      nextAttemptAt: Date | null;
      /** False when the attempt had lost the delivery (its lease ran out): nothing stored. */
      stored: boolean;
    }
  /** Its webhook was deleted or deactivated: ended as falhou without an attempt. */
  | { kind: 'abandoned' }
  /** Not pending any more (another process finished it). */
  | { kind: 'gone' };

/**
 * Makes the next attempt of one claimed delivery and stores it: the attempt appended, the status
 * and due time from the retry schedule, the webhook deactivated on a 410. The store is fenced on
 * the attempt count, so a process whose lease expired midway cannot store a second result.
 */
export async function attemptDelivery(
  deliveryId: string,
  deps: DeliveryHandlerDeps,
): Promise<HandledDelivery> {
  const { db } = deps;
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select([
      'd.id',
      'd.payload',
      'd.attempt_count',
      'w.id as webhook_id',
      'w.product_id',
      'w.url',
      'w.ativo',
      'w.deleted_at',
      'w.secrets_ciphertext',
      'w.master_key_id',
      'w.previous_secret_expires_at',
    ])
    .where('d.id', '=', deliveryId)
    .where('d.status', '=', 'pendente')
    .executeTakeFirst();
  if (!row) return { kind: 'gone' };
  if (!row.ativo || row.deleted_at !== null) {
    await finish(db, row.id, row.attempt_count, undefined, 'falhou', null);
    return { kind: 'abandoned' };
  }
  const now = deps.now();
  const secrets = openSecrets(deps.keyring, { ...row, id: row.webhook_id });
  const outcome = await deliver(
    {
      id: row.id,
      url: row.url,
      payload: row.payload,
      secrets: signingSecrets(secrets, row.previous_secret_expires_at, now),
    },
    deps,
  );
  const next = nextDeliveryState(outcome.result, row.attempt_count + 1, deps.now());
  const stored = await db.transaction().execute(async (trx) => {
    const done = await finish(
      trx,
      row.id,
      row.attempt_count,
      outcome.attempt,
      next.status,
      next.nextAttemptAt,
    );
    if (done && next.deactivateWebhook)
      await trx
        .updateTable('webhooks')
        .set({ ativo: false, updated_at: new Date() })
        .where('id', '=', row.webhook_id)
        .execute();
    return done;
  });
  return {
    kind: 'attempted',
    outcome,
    status: next.status,
    nextAttemptAt: next.nextAttemptAt,
    stored,
  };
}

async function finish(
  db: Kysely<Database>,
  id: string,
  attemptCount: number,
  attempt: WebhookAttempt | undefined,
  status: 'pendente' | 'entregue' | 'falhou',
  nextAttemptAt: Date | null,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      status,
      next_attempt_at: nextAttemptAt,
      ...(attempt && {
        attempts: sql<string>`${eb.ref('attempts')} || ${JSON.stringify([attempt])}::jsonb`,
        attempt_count: attemptCount + 1,
      }),
    }))
    .where('id', '=', id)
    .where('attempt_count', '=', attemptCount)
    .where('status', '=', 'pendente')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
