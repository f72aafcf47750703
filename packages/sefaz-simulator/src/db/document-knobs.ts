import type pg from 'pg';

import type { DocumentKnob } from '../knobs.js';

export async function saveDocumentKnob(
  pool: pg.Pool,
  schema: string,
  chave: string,
  knob: DocumentKnob,
): Promise<void> {
  await pool.query(
    `insert into ${schema}.documento_forcado (chave, acao, c_stat, x_motivo) values ($1, $2, $3, $4)
     on conflict (chave) do update set acao = excluded.acao, c_stat = excluded.c_stat, x_motivo = excluded.x_motivo`,
    [chave, knob.action, knob.cStat ?? null, knob.xMotivo ?? null],
  );
}

export async function deleteDocumentKnob(
  pool: pg.Pool,
  schema: string,
  chave: string,
): Promise<boolean> {
  const result = await pool.query(`delete from ${schema}.documento_forcado where chave = $1`, [
    chave,
  ]);
  return (result.rowCount ?? 0) > 0;
}

export async function listDocumentKnobs(
  pool: pg.Pool,
  schema: string,
): Promise<Record<string, DocumentKnob>> {
  const { rows } = await pool.query<{
    chave: string;
    acao: DocumentKnob['action'];
    c_stat: string | null;
    x_motivo: string | null;
  }>(`select chave, acao, c_stat, x_motivo from ${schema}.documento_forcado order by chave`);
  return Object.fromEntries(rows.map((r) => [r.chave, toKnob(r)]));
}

/**
 * The forced outcome of a chave. A `drop_answer` knob is consumed by the read (one lost answer),
 * so the client's recovery — a consultation or a resend — gets a real answer.
 */
export async function takeDocumentKnob(
  pool: pg.Pool,
  schema: string,
  chave: string,
): Promise<DocumentKnob | undefined> {
  return (await takeDocumentKnobs(pool, schema, [chave])).get(chave);
}

/** `takeDocumentKnob` for the chaves of a whole lot in one round trip. */
export async function takeDocumentKnobs(
  pool: pg.Pool,
  schema: string,
  chaves: readonly string[],
): Promise<Map<string, DocumentKnob>> {
  if (chaves.length === 0) return new Map();
  const { rows } = await pool.query<{
    chave: string;
    acao: DocumentKnob['action'];
    c_stat: string | null;
    x_motivo: string | null;
  }>(
    `with dropped as (
       delete from ${schema}.documento_forcado where chave = any($1::text[]) and acao = 'drop_answer'
       returning chave, acao, c_stat, x_motivo
     )
     select chave, acao, c_stat, x_motivo from dropped
     union all
     select chave, acao, c_stat, x_motivo from ${schema}.documento_forcado
     where chave = any($1::text[]) and acao <> 'drop_answer'`,
    [chaves],
  );
  return new Map(rows.map((r) => [r.chave, toKnob(r)]));
}

function toKnob(row: {
  acao: DocumentKnob['action'];
  c_stat: string | null;
  x_motivo: string | null;
}): DocumentKnob {
  return {
    action: row.acao,
    ...(row.c_stat ? { cStat: row.c_stat } : {}),
    ...(row.x_motivo ? { xMotivo: row.x_motivo } : {}),
  };
}
