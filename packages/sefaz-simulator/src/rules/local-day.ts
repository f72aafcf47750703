/** The date of `instant` in the offset dhEmi was written in (`-03:00`): the authoriser's day there. */
export function localDay(instant: Date, dhEmi: string): string {
  const match = /([+-])(\d{2}):(\d{2})$/.exec(dhEmi);
  const minutes = match
    ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]))
    : 0;
  return new Date(instant.getTime() + minutes * 60_000).toISOString().slice(0, 10);
}
