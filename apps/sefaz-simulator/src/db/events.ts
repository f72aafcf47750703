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
    registradoEm: Date;
    procEvento: string;
    cancelsNote: boolean;
  },
): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const inserted = await client.query(
      `insert into ${schema}.evento (chave, tipo, sequencia, protocolo, registrado_em, proc_evento)
       values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
      [
        event.chave,
        event.tipo,
        event.sequencia,
        event.protocolo,
        event.registradoEm,
        event.procEvento,
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
