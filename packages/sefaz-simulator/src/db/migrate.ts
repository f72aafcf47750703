import type pg from 'pg';

/** A schema name safe to splice into SQL. */
export function assertSchemaName(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid schema name: ${name}`);
  return name;
}

/**
 * Creates the simulator's schema in a database it shares (or not) with the API. Idempotent, and
 * serialised by an advisory lock so several simulators may start against one database at once.
 */
export async function migrate(pool: pg.Pool, schema: string): Promise<void> {
  const s = assertSchemaName(schema);
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query("select pg_advisory_xact_lock(hashtext('emissor-sefaz-simulator'))");
    await client.query(`
      create schema if not exists ${s};
      create sequence if not exists ${s}.protocolo_seq;
      create sequence if not exists ${s}.recibo_seq;
      -- Every NF-e the simulator authorised or denied: the registry duplicates are checked against.
      create table if not exists ${s}.nfe (
        chave text primary key,
        cuf text not null,
        emitente text not null,
        modelo text not null,
        serie integer not null,
        numero bigint not null,
        status text not null check (status in ('autorizada', 'denegada', 'cancelada')),
        c_stat text not null,
        x_motivo text not null,
        protocolo text not null,
        recebido_em timestamptz not null,
        digest_value text not null,
        prot_nfe text not null,
        unique (cuf, emitente, modelo, serie, numero)
      );
      -- Asynchronous lots: the protNFe of each note, answered by NFeRetAutorizacao4.
      create table if not exists ${s}.lote (
        recibo text primary key,
        emitente text not null,
        cuf text not null,
        recebido_em timestamptz not null,
        pronto_em timestamptz not null,
        consultas_pendentes integer not null,
        protocolos text[] not null
      );
      create table if not exists ${s}.evento (
        chave text not null references ${s}.nfe (chave),
        tipo text not null,
        sequencia integer not null,
        protocolo text not null,
        registrado_em timestamptz not null,
        proc_evento text not null,
        primary key (chave, tipo, sequencia)
      );
      -- The retEvento cStat (135, or 155 for a late cancellation, which consultations report as 151).
      alter table ${s}.evento add column if not exists c_stat text;
      create table if not exists ${s}.inutilizacao (
        id bigserial primary key,
        cuf text not null,
        emitente text not null,
        modelo text not null,
        serie integer not null,
        numero_inicial bigint not null,
        numero_final bigint not null,
        protocolo text not null,
        recebido_em timestamptz not null
      );
      -- Forced outcomes per chave, set by the admin route or the run's configuration.
      create table if not exists ${s}.documento_forcado (
        chave text primary key,
        acao text not null check (acao in ('reject', 'deny', 'drop_answer')),
        c_stat text,
        x_motivo text
      );
    `);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
