import type pg from 'pg';

/**
 * Registers an event (and, for a cancellation, cancels the note) in one transaction. False when
 * the same tpEvento + chave + nSeqEvento is already registered (573).
 */
export async function registerEvent(
  pool: pg.Pool,
  schema: string,
  event: {
    chave: string;
    tipo: string;
    sequencia: number;
    protocolo: string;
    /** The retEvento's cStat: 135, or 155 for a cancellation out of time. */
    cStat: string;
    registradoEm: Date;
    procEvento: string;
    cancelsNote: boolean;
  },
): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const inserted = await client.query(
      `insert into ${schema}.evento (chave, tipo, sequencia, protocolo, registrado_em, proc_evento, c_stat)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
      [
        event.chave,
        event.tipo,
        event.sequencia,
        event.protocolo,
        event.registradoEm,
        event.procEvento,
        event.cStat,
      ],
    );
    if ((inserted.rowCount ?? 0) === 0) {
      await client.query('rollback');
      return false;
    }
    if (event.cancelsNote)
      await client.query(`update ${schema}.nfe set status = 'cancelada' where chave = $1`, [
        event.chave,
      ]);
    await client.query('commit');
    return true;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

export async function eventExists(
  pool: pg.Pool,
  schema: string,
  chave: string,
  tipo: string,
  sequencia: number,
): Promise<boolean> {
  const { rows } = await pool.query(
    `select 1 from ${schema}.evento where chave = $1 and tipo = $2 and sequencia = $3`,
    [chave, tipo, sequencia],
  );
  return rows.length > 0;
}

/** The cStat the cancellation of a note was registered with (135 or 155), if it was cancelled. */
export async function cancellationStatus(
  pool: pg.Pool,
  schema: string,
  chave: string,
): Promise<string | undefined> {
  const { rows } = await pool.query<{ c_stat: string | null }>(
    `select c_stat from ${schema}.evento where chave = $1 and tipo = '110111'`,
    [chave],
  );
  return rows[0] ? (rows[0].c_stat ?? '135') : undefined;
}

/** The highest nSeqEvento registered for a note and event type (0 when none). */
export async function lastSequence(
  pool: pg.Pool,
  schema: string,
  chave: string,
  tipo: string,
): Promise<number> {
  const { rows } = await pool.query<{ last: number | null }>(
    `select max(sequencia) as last from ${schema}.evento where chave = $1 and tipo = $2`,
    [chave, tipo],
  );
  return rows[0]?.last ?? 0;
}
