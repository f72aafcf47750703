import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('product_id', 'uuid', (c) => c.notNull().references('products.id'))
    .addColumn('tenant_ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('branch_ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('series_id', 'uuid', (c) => c.notNull().references('series.id'))
    .addColumn('document_model', 'varchar(2)', (c) => c.notNull())
    .addColumn('serie', 'integer', (c) => c.notNull())
    .addColumn('numero', 'integer', (c) => c.notNull())
    .addColumn('chave_acesso', 'char(44)', (c) => c.notNull().unique())
    .addColumn('codigo_numerico', 'char(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('ambiente', 'varchar(12)', (c) => c.notNull())
    .addColumn('rejeicao_codigo', 'varchar(10)')
    .addColumn('rejeicao_motivo', 'varchar(500)')
    .addColumn('protocolo', 'varchar(20)')
    .addColumn('autorizada_em', 'timestamptz')
    .addColumn('idempotency_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addUniqueConstraint('documents_product_idempotency_key', ['product_id', 'idempotency_key'])
    // A number is used once per series, whatever happens to the counter.
    .addUniqueConstraint('documents_series_numero', ['series_id', 'numero'])
    .execute();
  // The list route's orderings and filters: newest first within a product, optionally narrowed
  // by tenant/branch or status.
  await sql`create index documents_list on documents (product_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index documents_list_branch on documents
    (product_id, tenant_ref, branch_ref, created_at desc, id desc)`.execute(db);
  await sql`create index documents_list_status on documents
    (product_id, status, created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('document_xml')
    .addColumn('document_id', 'uuid', (c) => c.primaryKey().references('documents.id'))
    .addColumn('xml', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_xml').execute();
  await db.schema.dropTable('documents').execute();
}
