import { sql, type Kysely } from 'kysely';

// Webhooks (docs/webhooks.md): where a product is told of final statuses, and the deliveries of
// each message. A delivery row is written in the transaction that changes the status (the outbox),
// so a committed status is always delivered at least once, and kept afterwards as its history.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhooks (
      -- Chosen by the API before the insert: the secrets' ciphertext is bound to it.
      id uuid primary key,
      product_id uuid not null references products (id),
      url varchar(2048) not null,
      -- null: every event type, those added later included.
      eventos text[],
      ativo boolean not null default true,
      -- AES-256-GCM (crypto/aead.ts) of the JSON {current, previous}, like certificate passwords.
      secrets_ciphertext bytea not null,
      master_key_id varchar(32) not null references master_keys (id),
      -- Until when the previous secret also signs (after a rotation).
      previous_secret_expires_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    )`.execute(db);
  // The product's live webhooks: its list, the limit per product, and the outbox's fan-out.
  await sql`create index webhooks_product_live on webhooks (product_id, created_at)
    where deleted_at is null`.execute(db);

  await sql`
    create table webhook_deliveries (
      -- The webhook-id header: one per (event, webhook), the same on every retry.
      id uuid primary key default gen_random_uuid(),
      -- Insertion order: deliveries of one document to one webhook go out in this order.
      seq bigint generated always as identity,
      webhook_id uuid not null references webhooks (id),
      -- The status change that made it (one per transaction; shared by every webhook told of it).
      event_id uuid not null,
      type varchar(40) not null,
      -- The document, event or inutilização the message is about (data.id).
      resource_id uuid,
      -- The document the message belongs to (null: unordered, e.g. webhook.teste).
      ordering_key uuid,
      -- The exact body POSTed on every attempt.
      payload text not null,
      status varchar(10) not null default 'pendente'
        check (status in ('pendente', 'entregue', 'falhou')),
      -- [{em, http_status, erro, duracao_ms, resposta}], oldest first.
      attempts jsonb not null default '[]',
      attempt_count integer not null default 0,
      -- Due time while pendente (a claim moves it forward by a lease); null once final.
      next_attempt_at timestamptz default now(),
      created_at timestamptz not null default now(),
      constraint webhook_deliveries_event_webhook unique (event_id, webhook_id)
    )`.execute(db);
  // GET /v1/webhooks/{id}/entregas, newest first.
  await sql`create index webhook_deliveries_webhook on webhook_deliveries
    (webhook_id, created_at desc, seq desc)`.execute(db);
  // The due ones, for the queue.
  await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at)
    where status = 'pendente'`.execute(db);
  // "Is an earlier delivery of this document still pending?", asked before each claim.
  await sql`create index webhook_deliveries_order on webhook_deliveries
    (webhook_id, ordering_key, seq) where status = 'pendente'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table webhook_deliveries`.execute(db);
  await sql`drop table webhooks`.execute(db);
}
