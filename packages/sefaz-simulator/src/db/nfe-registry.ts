import type pg from 'pg';

/** An NF-e as the registry keeps it once authorised or denied. */
export interface RegisteredNfe {
  readonly chave: string;
  readonly cuf: string;
  readonly emitente: string;
  readonly modelo: string;
  readonly serie: number;
  readonly numero: number;
  readonly status: 'autorizada' | 'denegada' | 'cancelada';
  readonly cStat: string;
  readonly xMotivo: string;
  readonly protocolo: string;
  readonly recebidoEm: Date;
  readonly digestValue: string;
  /** The protNFe as it was answered. */
  readonly protNfe: string;
}

export type RegisterOutcome =
  | { readonly kind: 'registered' }
  | { readonly kind: 'same_chave'; readonly existing: RegisteredNfe }
  | { readonly kind: 'same_number'; readonly otherChave: string }
  | { readonly kind: 'voided' };

interface NfeRow {
  chave: string;
  cuf: string;
  emitente: string;
  modelo: string;
  serie: number;
  numero: string;
  status: RegisteredNfe['status'];
  c_stat: string;
  x_motivo: string;
  protocolo: string;
  recebido_em: Date;
  digest_value: string;
  prot_nfe: string;
}

const fromRow = (r: NfeRow): RegisteredNfe => ({
  chave: r.chave,
  cuf: r.cuf,
  emitente: r.emitente,
  modelo: r.modelo,
  serie: r.serie,
  numero: Number(r.numero),
  status: r.status,
  cStat: r.c_stat,
  xMotivo: r.x_motivo,
  protocolo: r.protocolo,
  recebidoEm: r.recebido_em,
  digestValue: r.digest_value,
  protNfe: r.prot_nfe,
});

/** The lock that serialises everything touching one series of one emitter (notes and inutilizações). */
export const seriesLockKey = (
  cuf: string,
  emitente: string,
  modelo: string,
  serie: number,
): string => `${cuf}|${emitente}|${modelo}|${serie}`;

/**
 * Registers each authorised or denied NF-e of a lot, in order, unless its chave is known
 * (204/205/218), its number is taken by another chave (539) or voided (206). The unique keys make
 * exactly one of two simultaneous sends of a note (or of a number) win; notes share the series
 * lock, which an inutilização takes exclusively, so a number is never both voided and used.
 *
 * One transaction for the lot: its series locks are taken together (sorted, so two lots cannot
 * deadlock) and the whole lot is inserted by one statement, in the lot's order, so the first of
 * two notes with one chave or one number wins as it would one by one. Only a note that did not
 * register costs the questions that say why. (A statement per note was 45 round trips per lot:
 * on a loaded two-core machine most of the simulator's time with PostgreSQL.)
 */
export async function registerNfes(
  pool: pg.Pool,
  schema: string,
  notes: readonly RegisteredNfe[],
): Promise<RegisterOutcome[]> {
  if (notes.length === 0) return [];
  const lockKeys = [
    ...new Set(notes.map((n) => seriesLockKey(n.cuf, n.emitente, n.modelo, n.serie))),
  ].sort();
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      'select pg_advisory_xact_lock_shared(hashtext(k)) from unnest($1::text[]) as k order by k',
      [lockKeys],
    );
    const inserted = await insertLot(client, schema, notes);
    const outcomes: RegisterOutcome[] = [];
    for (const [i, nfe] of notes.entries())
      outcomes.push(
        inserted.has(i) ? { kind: 'registered' } : await whyNotRegistered(client, schema, nfe),
      );
    await client.query('commit');
    return outcomes;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Inserts the notes whose number is not voided, in order; either unique key (chave, or the
 * number) makes a row a no-op, including against a row inserted earlier by the same statement.
 * Answers the positions (0-based) that were inserted.
 */
async function insertLot(
  client: pg.PoolClient,
  schema: string,
  notes: readonly RegisteredNfe[],
): Promise<Set<number>> {
  const column = <T>(pick: (nfe: RegisteredNfe) => T): T[] => notes.map(pick);
  const { rows } = await client.query<{ position: string }>(
    `with lot as (
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::integer[],
         $6::bigint[], $7::text[], $8::text[], $9::text[], $10::text[], $11::timestamptz[],
         $12::text[], $13::text[])
         with ordinality as n(chave, cuf, emitente, modelo, serie, numero, status, c_stat, x_motivo,
           protocolo, recebido_em, digest_value, prot_nfe, position)
     ),
     inserted as (
       insert into ${schema}.nfe (chave, cuf, emitente, modelo, serie, numero, status, c_stat,
         x_motivo, protocolo, recebido_em, digest_value, prot_nfe)
       select chave, cuf, emitente, modelo, serie, numero, status, c_stat, x_motivo, protocolo,
         recebido_em, digest_value, prot_nfe
       from lot
       where not exists (
         select 1 from ${schema}.inutilizacao i where i.cuf = lot.cuf and i.emitente = lot.emitente
           and i.modelo = lot.modelo and i.serie = lot.serie
           and lot.numero between i.numero_inicial and i.numero_final)
       order by position
       on conflict do nothing
       returning chave, protocolo
     )
     select lot.position from lot join inserted using (chave, protocolo)`,
    [
      column((n) => n.chave),
      column((n) => n.cuf),
      column((n) => n.emitente),
      column((n) => n.modelo),
      column((n) => n.serie),
      column((n) => n.numero),
      column((n) => n.status),
      column((n) => n.cStat),
      column((n) => n.xMotivo),
      column((n) => n.protocolo),
      column((n) => n.recebidoEm),
      column((n) => n.digestValue),
      column((n) => n.protNfe),
    ],
  );
  return new Set(rows.map((r) => Number(r.position) - 1));
}

/** 206, 204/205/218 or 539: why a note of the lot was not inserted. */
async function whyNotRegistered(
  client: pg.PoolClient,
  schema: string,
  nfe: RegisteredNfe,
): Promise<Exclude<RegisterOutcome, { kind: 'registered' }>> {
  const seriesArgs = [nfe.cuf, nfe.emitente, nfe.modelo, nfe.serie, nfe.numero];
  const voided = await client.query(
    `select 1 from ${schema}.inutilizacao where cuf = $1 and emitente = $2 and modelo = $3 and serie = $4
       and $5 between numero_inicial and numero_final`,
    seriesArgs,
  );
  if (voided.rows.length > 0) return { kind: 'voided' };
  const same = await client.query<NfeRow>(`select * from ${schema}.nfe where chave = $1`, [
    nfe.chave,
  ]);
  if (same.rows[0]) return { kind: 'same_chave', existing: fromRow(same.rows[0]) };
  const other = await client.query<{ chave: string }>(
    `select chave from ${schema}.nfe where cuf = $1 and emitente = $2 and modelo = $3 and serie = $4 and numero = $5`,
    seriesArgs,
  );
  return { kind: 'same_number', otherChave: other.rows[0]?.chave ?? '' };
}

export async function findNfe(
  pool: pg.Pool | pg.PoolClient,
  schema: string,
  chave: string,
): Promise<RegisteredNfe | undefined> {
  const { rows } = await pool.query<NfeRow>(`select * from ${schema}.nfe where chave = $1`, [
    chave,
  ]);
  return rows[0] ? fromRow(rows[0]) : undefined;
}

/** The registered events of a note, as procEventoNFe documents, oldest first. */
export async function eventsOf(pool: pg.Pool, schema: string, chave: string): Promise<string[]> {
  const { rows } = await pool.query<{ proc_evento: string }>(
    `select proc_evento from ${schema}.evento where chave = $1 order by registrado_em, tipo, sequencia`,
    [chave],
  );
  return rows.map((r) => r.proc_evento);
}
