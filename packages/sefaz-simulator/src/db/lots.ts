import type pg from 'pg';

/** Keeps an asynchronous lot's verdicts until its receipt is consulted. */
export async function saveLot(
  pool: pg.Pool,
  schema: string,
  lot: {
    recibo: string;
    emitente: string;
    cuf: string;
    receivedAt: Date;
    readyAt: Date;
    pendingPolls: number;
    protocols: readonly string[];
  },
): Promise<void> {
  await pool.query(
    `insert into ${schema}.lote (recibo, emitente, cuf, recebido_em, pronto_em, consultas_pendentes, protocolos)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      lot.recibo,
      lot.emitente,
      lot.cuf,
      lot.receivedAt,
      lot.readyAt,
      lot.pendingPolls,
      lot.protocols,
    ],
  );
}

export type LotPoll =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'pending'; readonly cuf: string; readonly emitente: string }
  | {
      readonly kind: 'ready';
      readonly cuf: string;
      readonly emitente: string;
      readonly protocols: string[];
    };

/**
 * One consultation of a receipt: `pending` while the lot still owes "em processamento" answers
 * (each consultation uses one up), `ready` afterwards.
 */
export async function pollLot(
  pool: pg.Pool,
  schema: string,
  recibo: string,
  now: Date,
): Promise<LotPoll> {
  const { rows } = await pool.query<{
    cuf: string;
    emitente: string;
    protocolos: string[];
    pending: boolean;
  }>(
    `with previous as (
       select recibo, consultas_pendentes as before from ${schema}.lote where recibo = $1 for update
     )
     update ${schema}.lote l
        set consultas_pendentes = greatest(l.consultas_pendentes - 1, 0)
       from previous
      where l.recibo = previous.recibo
      returning l.cuf, l.emitente, l.protocolos, (previous.before > 0 or l.pronto_em > $2) as pending`,
    [recibo, now],
  );
  const row = rows[0];
  if (!row) return { kind: 'unknown' };
  return row.pending
    ? { kind: 'pending', cuf: row.cuf, emitente: row.emitente }
    : { kind: 'ready', cuf: row.cuf, emitente: row.emitente, protocols: row.protocolos };
}
