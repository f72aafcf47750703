import type pg from 'pg';

/** Which of `chaves` the registry holds (authorised, denied or cancelled), in one question. */
export async function registeredChaves(
  pool: pg.Pool,
  schema: string,
  chaves: readonly string[],
): Promise<Set<string>> {
  if (chaves.length === 0) return new Set();
  const { rows } = await pool.query<{ chave: string }>(
    `select chave from ${schema}.nfe where chave = any($1::text[])`,
    [[...new Set(chaves)]],
  );
  return new Set(rows.map((r) => r.chave));
}
