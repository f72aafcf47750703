import type { Selectable } from 'kysely';

import type { Database } from '../db/schema.js';

/** The work queue's tables (migrations 0008–0010): a row per record in transmission. */
export type QueueTableName = 'transmission_queue' | 'fiscal_event_queue' | 'fiscal_void_queue';

/** A queue table and the column naming its record, both checked against db/schema.ts. */
export type QueueTable = {
  [T in QueueTableName]: { table: T; id: keyof Database[T] & string };
}[QueueTableName];

/** The columns every queue table has (the lease, the attempt count, the last outcome). */
export type QueueRow = Selectable<Database[QueueTableName]>;

/**
 * Every queue table: a row lives only while its record is in transmission and is updated at
 * every attempt (queue-vacuum.ts keeps them small).
 */
export const QUEUE_TABLES: readonly QueueTableName[] = [
  'transmission_queue',
  'fiscal_event_queue',
  'fiscal_void_queue',
];

/**
 * CTE `claimed` over `picked` (the due rows locked with SKIP LOCKED, with `record_id` and
 * `was_sent`): each row claimed for one attempt before anything is sent, in the same statement:
 * the attempt count (the fence its result is stored under), `sent` (whoever claims it next knows
 * it may have gone out) and the lease of $2 ms (the row is invisible to other claims until it
 * ends). `returning`: the columns `claimed` has.
 */
export function claimedCte({ table, id }: QueueTable, returning: string): string {
  return `claimed as (
      update ${table} q
      set attempts = q.attempts + 1, sent = true,
          available_at = now() + make_interval(secs => $2::double precision / 1000)
      from picked where q.${id} = picked.record_id
      returning ${returning}
    )`;
}

/**
 * CTEs `picked` and `claimed` for records sent one by one: due rows ($1 of them, oldest due first,
 * skipping rows other processes hold). `claimed` has `record_id`, `attempts`, `was_sent` (before
 * this claim) and `last_cstat`. `eligible` (SQL over the queue row `q`) holds back rows that must
 * wait their turn.
 */
export function recordClaimCtes(queue: QueueTable, eligible = 'true'): string {
  return `
    picked as materialized (
      select q.${queue.id} as record_id, q.sent as was_sent
      from ${queue.table} q
      where q.available_at <= now() and (${eligible})
      order by q.available_at
      limit $1
      for update skip locked
    ), ${claimedCte(queue, 'picked.record_id, q.attempts, picked.was_sent, q.last_cstat')}`;
}

/** Another try later: $1 record id, $2 attempt (the fence), $3 delay ms, $4 cStat, $5 error. */
export function rescheduleStatement({ table, id }: QueueTable): string {
  return `
    update ${table}
    set available_at = now() + make_interval(secs => $3::double precision / 1000),
        last_cstat = coalesce($4, last_cstat), last_error = left($5, 500)
    where ${id} = $1 and attempts = $2`;
}

/** CTE `done`: the queue row of $1, deleted only while attempt $2 still holds it. */
export function doneCte({ table, id }: QueueTable): string {
  return `done as (
      delete from ${table} where ${id} = $1 and attempts = $2 returning ${id} as record_id
    )`;
}
