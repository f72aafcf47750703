/** A status the authoriser answers instead of authorising: cStat and its xMotivo text (MOC 7.0 §4.4). */
export interface Rejection {
  readonly cStat: string;
  readonly xMotivo: string;
}

export const rejection = (cStat: string, xMotivo: string): Rejection => ({ cStat, xMotivo });
