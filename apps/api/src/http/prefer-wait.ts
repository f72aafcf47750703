/** Longest `Prefer: wait=N` honoured, in seconds (decisions.md: 1–60). */
export const MAX_WAIT_S = 60;

/**
 * The `wait` preference of a `Prefer` header (RFC 7240), if it is one we honour: 1–60 seconds.
 * Anything else is ignored, as RFC 7240 asks of preferences a server does not support, and the
 * answer then carries no `Preference-Applied`.
 */
export function preferredWait(header: string | string[] | undefined): number | undefined {
  if (!header) return undefined;
  const preferences = (Array.isArray(header) ? header.join(',') : header).split(',');
  for (const preference of preferences) {
    const match = /^\s*wait\s*=\s*"?(\d{1,3})"?\s*(?:;.*)?$/i.exec(preference);
    if (!match) continue;
    const seconds = Number(match[1]);
    return seconds >= 1 && seconds <= MAX_WAIT_S ? seconds : undefined;
  }
  return undefined;
}
