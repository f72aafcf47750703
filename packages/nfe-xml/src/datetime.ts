import type { UfInfo } from './ufs.js';

/** Local wall-clock fields of an instant in a fixed UTC offset. */
export interface LocalTime {
  readonly year: number;
  readonly month: number;
  readonly text: string;
}

function two(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/**
 * `dhEmi` (TDateTimeUTC): `AAAA-MM-DDThh:mm:ss±hh:00` in the emitter state's offset, whole
 * seconds (fractions are not allowed by the pattern), e.g. `2026-11-21T19:30:00-03:00`.
 */
export function localDateTime(instant: Date, uf: UfInfo): LocalTime {
  const sign = uf.utcOffset.startsWith('-') ? -1 : 1;
  const hours = Number(uf.utcOffset.slice(1, 3));
  const shifted = new Date(Math.floor(instant.getTime() / 1000) * 1000 + sign * hours * 3_600_000);
  const year = shifted.getUTCFullYear();
  const month = shifted.getUTCMonth() + 1;
  const text =
    `${year}-${two(month)}-${two(shifted.getUTCDate())}` +
    `T${two(shifted.getUTCHours())}:${two(shifted.getUTCMinutes())}:${two(shifted.getUTCSeconds())}${uf.utcOffset}`;
  return { year, month, text };
}
