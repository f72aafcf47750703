/**
 * The SQL the event and inutilização queues share (tables of migrations 0009 and 0010, built like
 * transmission_queue): a row per record in transmission, its attempts, the `sent` flag, the lease.
 */
export type WorkQueueTable =
  { table: 'fiscal_event_queue'; id: 'event_id' } | { table: 'fiscal_void_queue'; id: 'void_id' };

/**
 * CTEs `picked` and `claimed`: due rows ($1 of them, skipping rows other processes hold), each
 * claimed for one attempt before anything is sent: the attempt count (the fence its result is
 * stored under), `sent` (whoever claims it next asks SEFAZ first) and the lease of $2 ms.
 * `claimed` has the record id (`record_id`), `attempts`, `was_sent` (before this claim) and
 * `last_cstat`. `eligible` (SQL over the queue row `q`) holds back rows that must wait their turn.
 */
export function claimCtes({ table, id }: WorkQueueTable, eligible = 'true'): string {
  return `
    picked as materialized (
      select q.${id} as record_id, q.sent as was_sent
      from ${table} q
      where q.available_at <= now() and (${eligible})
      order by q.available_at
      limit $1
      for update skip locked
    ), claimed as (
      update ${table} q
      set attempts = q.attempts + 1, sent = true,
          available_at = now() + make_interval(secs => $2::double precision / 1000)
      from picked where q.${id} = picked.record_id
      returning picked.record_id, q.attempts, picked.was_sent, q.last_cstat
    )`;
}

/** Another try later: $1 record id, $2 attempt (the fence), $3 delay ms, $4 cStat, $5 error. */
export function rescheduleStatement({ table, id }: WorkQueueTable): string {
  return `
    update ${table}
    set available_at = now() + make_interval(secs => $3::double precision / 1000),
        last_cstat = coalesce($4, last_cstat), last_error = left($5, 500)
    where ${id} = $1 and attempts = $2`;
}

/** CTE `done`: the queue row of $1, deleted only while attempt $2 still holds it. */
export function doneCte({ table, id }: WorkQueueTable): string {
  return `done as (
      delete from ${table} where ${id} = $1 and attempts = $2 returning ${id} as record_id
    )`;
}
