import type pg from 'pg';

import { seriesLockKey } from './nfe-registry.js';

export interface VoidRange {
  readonly cuf: string;
  readonly emitente: string;
  readonly modelo: string;
  readonly serie: number;
  readonly numeroInicial: number;
  readonly numeroFinal: number;
}

export type VoidOutcome = 'registered' | 'number_used' | 'already_voided' | 'same_range';

/**
 * Registers an inutilização unless a number of the range was used by a note (241), the same
 * range was voided (563) or part of it was (256). Serialised with the notes of the series.
 */
export async function registerVoid(
  pool: pg.Pool,
  schema: string,
  range: VoidRange,
  protocolo: string,
  receivedAt: Date,
): Promise<VoidOutcome> {
  const client = await pool.connect();
  const args = [
    range.cuf,
    range.emitente,
    range.modelo,
    range.serie,
    range.numeroInicial,
    range.numeroFinal,
  ];
  const series = `cuf = $1 and emitente = $2 and modelo = $3 and serie = $4`;
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [
      seriesLockKey(range.cuf, range.emitente, range.modelo, range.serie),
    ]);
    let outcome: VoidOutcome = 'registered';
    const used = await client.query(
      `select 1 from ${schema}.nfe where ${series} and numero between $5 and $6 limit 1`,
      args,
    );
    if (used.rows.length > 0) outcome = 'number_used';
    else {
      const voided = await client.query<{ same: boolean }>(
        `select (numero_inicial = $5 and numero_final = $6) as same from ${schema}.inutilizacao
          where ${series} and numero_inicial <= $6 and numero_final >= $5 order by same desc limit 1`,
        args,
      );
      if (voided.rows[0]) outcome = voided.rows[0].same ? 'same_range' : 'already_voided';
    }
    if (outcome === 'registered') {
      await client.query(
        `insert into ${schema}.inutilizacao (cuf, emitente, modelo, serie, numero_inicial, numero_final, protocolo, recebido_em)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [...args, protocolo, receivedAt],
      );
    }
    await client.query('commit');
    return outcome;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
