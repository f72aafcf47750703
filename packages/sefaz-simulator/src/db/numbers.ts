import type pg from 'pg';

/**
 * nProt: 1 (state authoriser) + cUF + AA (year) + a 10-digit sequence (NT 2025.002 §5.1). One
 * sequence serves every UF and event, so numbers never repeat in a simulator's database.
 */
export async function nextProtocol(
  pool: pg.Pool,
  schema: string,
  cUF: string,
  at: Date,
): Promise<string> {
  const [sequence] = await nextProtocolSequences(pool, schema, 1);
  return protocolNumber(cUF, at, sequence ?? 0n);
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

/** The nProt of a number of the protocol sequence. */
export function protocolNumber(cUF: string, at: Date, sequence: bigint): string {
  const digits = (sequence % 10_000_000_000n).toString().padStart(10, '0');
  return `1${cUF}${String(at.getUTCFullYear()).slice(2)}${digits}`;
}

/** nRec (TRec, 15 digits): cUF + 1 + a 12-digit sequence, like the receipts real authorisers issue. */
export async function nextReceipt(pool: pg.Pool, schema: string, cUF: string): Promise<string> {
  const { rows } = await pool.query<{ n: string }>(`select nextval('${schema}.recibo_seq') as n`);
  return `${cUF}1${(BigInt(rows[0]?.n ?? '0') % 1_000_000_000_000n).toString().padStart(12, '0')}`;
}
