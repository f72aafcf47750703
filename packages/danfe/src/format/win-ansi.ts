/*
 * The standard PDF fonts (Times, Courier) are drawn with WinAnsiEncoding: Latin-1 plus a few
 * typographic characters in 0x80–0x9F. pdfkit writes any other character as a wrong byte, so the
 * text is mapped first: accents Portuguese uses (ç ã é º ª) are in the set and pass through.
 */

/** Characters of 0x80–0x9F in WinAnsiEncoding (the rest of the set is Latin-1). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Common characters outside the set, with a readable stand-in. */
const STAND_INS: Readonly<Record<string, string>> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2190': '<-',
  '\u2192': '->',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
};

function encodable(char: string): boolean {
  const code = char.charCodeAt(0);
  return (
    (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)
  );
}

/**
 * `text` with every character the standard fonts cannot show replaced: control characters and
 * tabs become spaces, letters with accents outside Latin-1 lose the accent (ő → o), known symbols
 * get a stand-in, anything else becomes `?`. Line breaks are kept for the caller to split on.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    if (encodable(char) || char === '\n') {
      out += char;
      continue;
    }
    if (char === '\r') continue;
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      out += ' ';
      continue;
    }
    const standIn = STAND_INS[char];
    if (standIn !== undefined) {
      out += standIn;
      continue;
    }
    const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += base !== '' && [...base].every(encodable) ? base : '?';
  }
  return out;
}
