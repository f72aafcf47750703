import { sql, type Kysely } from 'kysely';

// docs/api-rules.md "Idempotency": a repeated Idempotency-Key with a different body is refused,
// so each document keeps the fingerprint of the request that created it. Nullable: documents
// emitted before this column replay as they always did. Adding a nullable column without a default
// rewrites nothing, so it is instant on a large table.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents add column request_fingerprint char(64)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents drop column request_fingerprint`.execute(db);
}
