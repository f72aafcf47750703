import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('master_keys')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('salt', 'bytea', (c) => c.notNull())
    .addColumn('check_ciphertext', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('retired_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('certificates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('product_id', 'uuid', (c) => c.notNull().references('products.id'))
    .addColumn('tenant_ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('branch_ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('cnpj', 'varchar(14)', (c) => c.notNull())
    .addColumn('cnpj_certificado', 'varchar(14)', (c) => c.notNull())
    .addColumn('subject_cn', 'varchar(255)', (c) => c.notNull())
    .addColumn('not_valid_before', 'timestamptz', (c) => c.notNull())
    .addColumn('not_valid_after', 'timestamptz', (c) => c.notNull())
    .addColumn('pfx_ciphertext', 'bytea', (c) => c.notNull())
    .addColumn('password_ciphertext', 'bytea', (c) => c.notNull())
    .addColumn('master_key_id', 'varchar(32)', (c) => c.notNull().references('master_keys.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // At most one live certificate per product + tenant + branch (spec §2.2).
  await sql`create unique index certificates_slot_live on certificates
    (product_id, tenant_ref, branch_ref) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('certificates').execute();
  await db.schema.dropTable('master_keys').execute();
}
