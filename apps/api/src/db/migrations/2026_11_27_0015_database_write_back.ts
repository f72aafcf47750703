import { sql, type Kysely } from 'kysely';

// Issue #21: over five minutes of sustained emissions, the windows whose p99 passed 150 ms were the
// ones in which Linux wrote back several hundred MB of page cache at once, and every commit's WAL
// flush waited behind that burst (bench/results/series-counter.md, "The slow windows are the host's
// writeback bursts"). The pages that piled up were autovacuum's: its insert-driven passes over the
// XML store mark each page all-visible, so each page is dirtied a second time. PostgreSQL can ask
// the kernel to start writing every few hundred kB a process writes (`backend_flush_after`). Its
// checkpointer and background writer do this by default; backends and autovacuum do not.
//
// Set on this database, the setting reaches every session on it. That includes the autovacuum
// workers, which read a database's settings when they connect to it. The operator's server is not
// asked to change, and other databases are left alone. Only the database's owner may set it. For
// any other role the migration leaves a warning in PostgreSQL's log (RAISE WARNING, logged at the
// default log_min_messages) and goes on without it.
//
// A database setting reaches sessions opened after it; the one running this migration then serves
// the API from its pool, so it takes the setting too. What the setting cannot reach are the zeros
// PostgreSQL writes when it extends a table (bench/results/series-counter.md, "Every target with migration
// 0015").
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    begin
      execute format('alter database %I set backend_flush_after = %L', current_database(), '256kB');
      set backend_flush_after = '256kB';
    exception when insufficient_privilege then
      raise warning 'Emissor could not set backend_flush_after on database % (only its owner may); sustained load may see write-back bursts (docs/operations.md, Scaling out)', current_database();
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    begin
      execute format('alter database %I reset backend_flush_after', current_database());
    exception when insufficient_privilege then
      null;
    end $$`.execute(db);
}
