import { sql, type Kysely } from 'kysely';

// The list route's remaining filter combinations, newest first: tenant + branch + status, and
// tenant + status. Without them PostgreSQL walks the branch index past every non-matching status
// (measured: 223 ms for a rare status over 1,000,000 documents).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index documents_list_branch_status on documents
    (product_id, tenant_ref, branch_ref, status, created_at desc, id desc)`.execute(db);
  await sql`create index documents_list_tenant_status on documents
    (product_id, tenant_ref, status, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index documents_list_tenant_status`.execute(db);
  await sql`drop index documents_list_branch_status`.execute(db);
}
