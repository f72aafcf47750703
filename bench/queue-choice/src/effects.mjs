// What a job does, recorded where a duplicate shows: `effects` has one row per job key and counts
// how many times it was recorded; `executions` logs every time a handler started a job (the call
// to SEFAZ, in the API), and whether the system told it that an earlier attempt may have run.
export const EFFECT_TABLES = `
  create table effects (job_key uuid primary key, times integer not null default 1);
  create table executions (job_key uuid not null, told_retry boolean not null)`;

/** The effects of these keys, in one statement; a key recorded before counts up. */
export const RECORD_EFFECTS = `
  insert into effects (job_key) select unnest($1::uuid[])
  on conflict (job_key) do update set times = effects.times + 1`;

export async function recordEffects(db, jobKeys) {
  await db.query(RECORD_EFFECTS, [jobKeys]);
}

export const LOG_EXECUTIONS = `
  insert into executions (job_key, told_retry) select * from unnest($1::uuid[], $2::boolean[])`;

/** Tallies after a run: effects missing for expected keys, recorded twice, executions repeated. */
export async function tally(db, expected) {
  const { rows } = await db.query(
    `select (select count(*) from effects)::int as recorded,
            (select count(*) from effects where times > 1)::int as duplicated,
            (select coalesce(sum(times - 1), 0) from effects)::int as extra_records,
            (select count(*) from executions)::int as executions,
            (select count(*) from (select job_key from executions group by job_key
                                   having count(*) > 1) r)::int as re_executed,
            (select count(*) from executions where told_retry)::int as told_retry`,
  );
  const row = rows[0];
  return {
    expected,
    recorded: row.recorded,
    lost: expected - row.recorded,
    duplicated: row.duplicated,
    extraRecords: row.extra_records,
    executions: row.executions,
    reExecutedJobs: row.re_executed,
    executionsToldRetry: row.told_retry,
  };
}
