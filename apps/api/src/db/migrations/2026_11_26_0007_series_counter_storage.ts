import { sql, type Kysely } from 'kysely';

// Issue #21: every stored batch updates its series row (the counter), so under sustained load a
// busy row gains a new version many times a second. Those versions stay on the row's page only if
// the page has room (a HOT update); otherwise the update writes a new index entry in both series
// indexes and the table grows, and every emission's series lookup walks the growing index and
// chain until vacuum cleans up. With the default fillfactor (100) all 32 rows of a typical product
// share one page, with room for ~30 versions among them.
//
// fillfactor 10 leaves ~90 % of each page to versions of the ~6 rows it holds, and makes every
// reader of the page prune it as soon as it is no longer nearly empty (pruning is attempted when
// the free space is below the fillfactor's reserve), so chains are cut short on the page.
// The autovacuum settings make the operator's defaults irrelevant for this tiny table: it is
// vacuumed on every autovacuum round (autovacuum_naptime) once 50 versions are dead and unpruned,
// however many series there are (no scale factor), and without cost-based sleeps. Only vacuum
// frees the dead line pointers and index entries left by the rare update that was not HOT.
//
// CLUSTER rewrites the existing rows at the new fillfactor (ALTER TABLE … SET only affects pages
// written later; VACUUM FULL cannot run in the migration's transaction). The table is small.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table series set (
    fillfactor = 10,
    autovacuum_vacuum_scale_factor = 0,
    autovacuum_vacuum_threshold = 50,
    autovacuum_vacuum_cost_delay = 0
  )`.execute(db);
  await sql`cluster series using series_pkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table series reset (
    fillfactor, autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold, autovacuum_vacuum_cost_delay
  )`.execute(db);
  await sql`alter table series set without cluster`.execute(db);
}
