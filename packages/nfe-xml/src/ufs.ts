/** One Brazilian state: its IBGE code (ide/cUF, first 2 digits of the chave) and its UTC offset. */
export interface UfInfo {
  readonly cUF: string;
  /** The state's legal time offset; Brazil has had no daylight saving time since 2019. */
  readonly utcOffset: '-03:00' | '-04:00' | '-05:00';
}

/**
 * The 27 federative units (TUfEmi / TCodUfIBGE in tiposBasico_v4.00.xsd). Offsets: AC −05:00;
 * AM, RO, RR, MT, MS −04:00; all others −03:00 (Decreto 9.772/2019 ended DST).
 */
export const ufs: Readonly<Record<string, UfInfo>> = Object.freeze({
  RO: { cUF: '11', utcOffset: '-04:00' },
  AC: { cUF: '12', utcOffset: '-05:00' },
  AM: { cUF: '13', utcOffset: '-04:00' },
  RR: { cUF: '14', utcOffset: '-04:00' },
  PA: { cUF: '15', utcOffset: '-03:00' },
  AP: { cUF: '16', utcOffset: '-03:00' },
  TO: { cUF: '17', utcOffset: '-03:00' },
  MA: { cUF: '21', utcOffset: '-03:00' },
  PI: { cUF: '22', utcOffset: '-03:00' },
  CE: { cUF: '23', utcOffset: '-03:00' },
  RN: { cUF: '24', utcOffset: '-03:00' },
  PB: { cUF: '25', utcOffset: '-03:00' },
  PE: { cUF: '26', utcOffset: '-03:00' },
  AL: { cUF: '27', utcOffset: '-03:00' },
  SE: { cUF: '28', utcOffset: '-03:00' },
  BA: { cUF: '29', utcOffset: '-03:00' },
  MG: { cUF: '31', utcOffset: '-03:00' },
  ES: { cUF: '32', utcOffset: '-03:00' },
  RJ: { cUF: '33', utcOffset: '-03:00' },
  SP: { cUF: '35', utcOffset: '-03:00' },
  PR: { cUF: '41', utcOffset: '-03:00' },
  SC: { cUF: '42', utcOffset: '-03:00' },
  RS: { cUF: '43', utcOffset: '-03:00' },
  MS: { cUF: '50', utcOffset: '-04:00' },
  MT: { cUF: '51', utcOffset: '-04:00' },
  GO: { cUF: '52', utcOffset: '-03:00' },
  DF: { cUF: '53', utcOffset: '-03:00' },
});

/** The state's entry, or `undefined` for anything that is not one of the 27 codes. */
export function ufInfo(uf: string): UfInfo | undefined {
  return Object.hasOwn(ufs, uf) ? ufs[uf] : undefined;
}
