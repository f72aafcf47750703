/**
 * `dhRecbto`/`dhRegEvento` as authorisers write them: Brasília local time with its offset
 * (`2026-11-26T01:35:50-03:00`). Brasília has had no daylight saving time since 2019, and the
 * event packs only accept offsets from -01:00 to -04:00.
 */
export function brasiliaDateTime(at: Date): string {
  const local = new Date(at.getTime() - 3 * 3600_000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}

/** The year and month of `at` in Brasília: the authoriser's calendar for "the current month". */
export function brasiliaYearMonth(at: Date): { readonly year: number; readonly month: number } {
  const [year = 0, month = 1] = brasiliaDateTime(at).split('-', 2).map(Number);
  return { year, month };
}
