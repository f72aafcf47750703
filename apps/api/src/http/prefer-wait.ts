/** Longest `Prefer: wait=N` honoured, in seconds (1–60, as the routes document). */
export const MAX_WAIT_S = 60;

/**
 * The `wait` preference of a `Prefer` header (RFC 7240), if it is one we honour: 1–60 seconds.
 * Everything else is ignored, as RFC 7240 asks of preferences a server does not support: other
 * preferences of any length, and a `wait` out of range or not a whole number (the answer then
 * carries no `Preference-Applied`). Only the first `wait` counts (RFC 7240 §2).
 */
export function preferredWait(header: string | string[] | undefined): number | undefined {
  if (!header) return undefined;
  const text = Array.isArray(header) ? header.join(',') : header;
  // A cheap test first: most requests that send Prefer at all send no wait.
  if (!/wait/i.test(text)) return undefined;
  for (const preference of splitOutsideQuotes(text, ',')) {
    const [nameAndValue = ''] = splitOutsideQuotes(preference, ';');
    const equals = nameAndValue.indexOf('=');
    const name = (equals < 0 ? nameAndValue : nameAndValue.slice(0, equals)).trim();
    if (name.toLowerCase() !== 'wait') continue;
    const value = unquote(equals < 0 ? '' : nameAndValue.slice(equals + 1).trim());
    if (!/^\d{1,6}$/.test(value)) return undefined;
    const seconds = Number(value);
    return seconds >= 1 && seconds <= MAX_WAIT_S ? seconds : undefined;
  }
  return undefined;
}

/**
 * `text` cut at each `separator` that is not inside a quoted-string (RFC 9110 §5.6.4, with its
 * backslash escapes): `x="a, wait=5"` is one preference, not two.
 */
function splitOutsideQuotes(text: string, separator: ',' | ';'): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '\\') i++;
    else if (char === '"') quoted = !quoted;
    else if (!quoted && char === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** A token as it is, or the content of a quoted-string (`"5"` → `5`). */
function unquote(word: string): string {
  return word.length >= 2 && word.startsWith('"') && word.endsWith('"')
    ? word.slice(1, -1).replace(/\\(.)/g, '$1')
    : word;
}
