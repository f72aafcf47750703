import { sql, type Kysely } from 'kysely';

// SVC contingency (docs/contingency.md): while a UF's authoriser is down and its SVC is on, new
// NF-e of that UF are issued with tpEmis 6/7 and sent to the SVC. One row per period a UF and
// ambiente spent in SVC; the open one (ended_at null) is the UF's mode now, shared by every API
// process. The partial unique index lets two processes detecting the same outage at once open one
// period: the second insert does nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sefaz_contingencies (
      id bigint generated always as identity primary key,
      uf text not null,
      ambiente text not null check (ambiente in ('producao', 'homologacao')),
      -- 6: SVC-AN, 7: SVC-RS (the UF's SVC in the endpoint table).
      tp_emis text not null check (tp_emis in ('6', '7')),
      -- ide/dhCont of every NF-e issued in the period, and ide/xJust.
      started_at timestamptz not null,
      justification text not null,
      ended_at timestamptz
    )`.execute(db);
  await sql`
    create unique index sefaz_contingencies_open
      on sefaz_contingencies (uf, ambiente) where ended_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sefaz_contingencies`.execute(db);
}
