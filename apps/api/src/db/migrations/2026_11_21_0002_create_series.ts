import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('series')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('product_id', 'uuid', (c) => c.notNull().references('products.id'))
    .addColumn('tenant_ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('branch_ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('document_model', 'varchar(2)', (c) => c.notNull().defaultTo('55'))
    .addColumn('serie', 'integer', (c) => c.notNull().check(sql`serie between 0 and 999`))
    // 1000000000 is the exhausted state reached after emitting number 999999999.
    .addColumn('next_number', 'integer', (c) =>
      c.notNull().check(sql`next_number between 1 and 1000000000`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // One live series per product + tenant + branch + model + serie (spec §2.1).
  await sql`create unique index series_slot_live on series
    (product_id, tenant_ref, branch_ref, document_model, serie) where deleted_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('series').execute();
}
