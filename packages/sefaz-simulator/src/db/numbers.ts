import type pg from 'pg';

/**
 * nProt: the authoriser's type (1 a UF's authoriser, 6 SVC-AN, 7 SVC-RS: NT 2013.007 §92) + cUF +
 * AA (year) + a 10-digit sequence (NT 2025.002 §5.1). One sequence serves every UF, event and
 * authoriser, so numbers never repeat in a simulator's database.
 */
export async function nextProtocol(
  pool: pg.Pool,
  schema: string,
  cUF: string,
  at: Date,
  authoriserType = '1',
): Promise<string> {
  const [sequence] = await nextProtocolSequences(pool, schema, 1);
  return protocolNumber(cUF, at, sequence ?? 0n, authoriserType);
}

/** `count` numbers of the protocol sequence in one round trip (a lot's notes), in order. */
export async function nextProtocolSequences(
  pool: pg.Pool,
  schema: string,
  count: number,
): Promise<bigint[]> {
  if (count === 0) return [];
  const { rows } = await pool.query<{ n: string }>(
    `select nextval('${schema}.protocolo_seq') as n from generate_series(1, $1::int) order by 1`,
    [count],
  );
  return rows.map((r) => BigInt(r.n));
}

/** The nProt of a number of the protocol sequence (`authoriserType` as for `nextProtocol`). */
export function protocolNumber(
  cUF: string,
  at: Date,
  sequence: bigint,
  authoriserType = '1',
): string {
  const digits = (sequence % 10_000_000_000n).toString().padStart(10, '0');
  return `${authoriserType}${cUF}${String(at.getUTCFullYear()).slice(2)}${digits}`;
}

/**
 * nRec (TRec, 15 digits): cUF + the authoriser's type (as for `nextProtocol`, NT 2013.007 §91) + a
 * 12-digit sequence, like the receipts real authorisers issue.
 */
export async function nextReceipt(
  pool: pg.Pool,
  schema: string,
  cUF: string,
  authoriserType = '1',
): Promise<string> {
  const { rows } = await pool.query<{ n: string }>(`select nextval('${schema}.recibo_seq') as n`);
  const sequence = (BigInt(rows[0]?.n ?? '0') % 1_000_000_000_000n).toString().padStart(12, '0');
  return `${cUF}${authoriserType}${sequence}`;
}

/** Whether a receipt was issued by an SVC (its type digit 6 or 7), as `nextReceipt` writes them. */
export const isSvcReceipt = (nRec: string): boolean => /^[0-9]{2}[67]/.test(nRec);
