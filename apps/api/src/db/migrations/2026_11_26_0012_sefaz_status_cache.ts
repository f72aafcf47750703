import { sql, type Kysely } from 'kysely';

// docs/api-rules.md "Transmission to SEFAZ": GET /v1/sefaz/status answers from NFeStatusServico4,
// cached at least 3 minutes per authoriser and ambiente. The cache lives here, not in each
// process, so any number of API processes together ask an authoriser at most once in that time
// (SEFAZ answers status loops with 656, sefaz.md §7). One row per authoriser and ambiente.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sefaz_status (
      autorizador varchar(10) not null,
      ambiente varchar(12) not null,
      -- The last answer: cStat, xMotivo, tMed, and when SEFAZ gave it. Null until one came.
      codigo varchar(4),
      motivo varchar(255),
      tempo_medio_s integer,
      consultado_em timestamptz,
      -- The last attempt, answered or not, and why it failed (null when it was answered).
      tentado_em timestamptz not null,
      falha varchar(500),
      primary key (autorizador, ambiente)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sefaz_status`.execute(db);
}
