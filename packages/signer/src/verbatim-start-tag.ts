/*
 * Start tags with attributes that the canonicaliser may copy as they are, without parsing them into
 * a StartTag: already written exactly as C14N writes them, and leaving the namespaces in scope
 * unchanged. In an NF-e from our builder every attributed tag below infNFe (`<det nItem="1">`) is
 * one. Anything else is left to the general path, which also reports what is malformed.
 */

/**
 * A character of an attribute name this path copies: ASCII letters, digits, `_`, `-` and `.`. Any
 * other name (non-ASCII, or not a name at all) takes the general path, which checks it.
 */
function isVerbatimNameChar(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) || // a-z
    (c >= 0x41 && c <= 0x5a) || // A-Z
    (c >= 0x30 && c <= 0x39) || // 0-9
    c === 0x5f || // _
    c === 0x2d || // -
    c === 0x2e // .
  );
}

/** Whether `c` may begin such a name: a letter or `_`. */
function isVerbatimNameStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f;
}

/** Compares `xml[aStart, aEnd)` with `xml[bStart, bEnd)` by UTF-16 code units, as `<` on strings does. */
function compareRanges(
  xml: string,
  aStart: number,
  aEnd: number,
  bStart: number,
  bEnd: number,
): number {
  const length = Math.min(aEnd - aStart, bEnd - bStart);
  for (let k = 0; k < length; k++) {
    const difference = xml.charCodeAt(aStart + k) - xml.charCodeAt(bStart + k);
    if (difference !== 0) return difference;
  }
  return aEnd - aStart - (bEnd - bStart);
}

/**
 * For a start tag whose name ends at `nameEnd`, the index just after its `>` if the rest of it is
 * ` a="…" b="…">` with attributes that C14N writes unchanged and in the same order: no prefix, no
 * namespace declaration, strictly ascending names (so already sorted, and no duplicates to
 * report), one space before each, double quotes, and values with nothing to normalise or escape
 * (no reference, `<`, tab, LF or CR). Otherwise -1.
 */
export function endOfVerbatimAttributes(xml: string, nameEnd: number): number {
  let previousStart = -1;
  let previousEnd = -1;
  let i = nameEnd;
  for (;;) {
    if (xml.charCodeAt(i) !== 0x20) return -1;
    const start = i + 1;
    let end = start;
    if (!isVerbatimNameStart(xml.charCodeAt(start))) return -1;
    while (isVerbatimNameChar(xml.charCodeAt(end))) end++;
    if (xml.charCodeAt(end) !== 0x3d /* = */ || xml.charCodeAt(end + 1) !== 0x22 /* " */) return -1;
    // `xmlns` changes the context; a longer name starting with it is rare enough to leave to the general path.
    if (xml.startsWith('xmlns', start)) return -1;
    if (previousStart >= 0 && compareRanges(xml, previousStart, previousEnd, start, end) >= 0)
      return -1;
    let j = end + 2;
    for (;;) {
      const c = xml.charCodeAt(j);
      if (c === 0x22) break;
      if (c === 0x26 || c === 0x3c || c === 0x09 || c === 0x0a || c === 0x0d || Number.isNaN(c))
        return -1;
      j++;
    }
    if (xml.charCodeAt(j + 1) === 0x3e) return j + 2;
    previousStart = start;
    previousEnd = end;
    i = j + 1;
  }
}
