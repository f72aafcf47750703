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
 * deadlock) and a note that registers costs one statement (a transaction per note cost seven
 * round trips per note, most of the simulator's time with PostgreSQL).
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
    const outcomes: RegisterOutcome[] = [];
    for (const nfe of notes) outcomes.push(await checkAndInsert(client, schema, nfe));
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
 * Inserts the note unless its number is voided; either unique key (chave, or the number) makes
 * the insert a no-op. Only a note that did not register needs the questions that say why.
 */
async function checkAndInsert(
  client: pg.PoolClient,
  schema: string,
  nfe: RegisteredNfe,
): Promise<RegisterOutcome> {
  const inserted = await client.query(
    `insert into ${schema}.nfe (chave, cuf, emitente, modelo, serie, numero, status, c_stat, x_motivo,
       protocolo, recebido_em, digest_value, prot_nfe)
     select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13
     where not exists (
       select 1 from ${schema}.inutilizacao where cuf = $2 and emitente = $3 and modelo = $4 and serie = $5
         and $6 between numero_inicial and numero_final)
     on conflict do nothing`,
    [
      nfe.chave,
      nfe.cuf,
      nfe.emitente,
      nfe.modelo,
      nfe.serie,
      nfe.numero,
      nfe.status,
      nfe.cStat,
      nfe.xMotivo,
      nfe.protocolo,
      nfe.recebidoEm,
      nfe.digestValue,
      nfe.protNfe,
    ],
  );
  if ((inserted.rowCount ?? 0) > 0) return { kind: 'registered' };
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
