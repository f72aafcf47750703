import type { FontName } from './geometry.js';

/** Width of a string in points, in a font and size: the PDF writer's own metrics. */
export type Measure = (text: string, font: FontName, size: number) => number;

/** One wrapped line and how it joins the next in the source text. */
export interface Line {
  readonly text: string;
  /** `'\n'` ends a paragraph, `' '` a wrap between words, `''` a break inside a long word. */
  readonly joiner: '\n' | ' ' | '';
}

/** Breaks one word wider than `width` into pieces that fit (at least one character each). */
function breakWord(word: string, width: number, font: FontName, size: number, measure: Measure) {
  const pieces: string[] = [];
  let rest = word;
  while (rest.length > 0) {
    let n = 1;
    while (n < rest.length && measure(rest.slice(0, n + 1), font, size) <= width) n++;
    pieces.push(rest.slice(0, n));
    rest = rest.slice(n);
  }
  return pieces;
}

/**
 * Greedy word wrap of `text` to `width`: paragraphs split on line breaks, runs of spaces
 * collapsed, words wider than a line broken between characters. Never drops text: joining the
 * lines with their joiners gives back the text (with collapsed spaces).
 */
export function wrapText(
  text: string,
  width: number,
  font: FontName,
  size: number,
  measure: Measure,
): Line[] {
  const lines: Line[] = [];
  const space = measure(' ', font, size);
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(' ').filter((w) => w !== '');
    let current = '';
    let currentWidth = 0;
    const flush = (joiner: Line['joiner']): void => {
      lines.push({ text: current, joiner });
      current = '';
      currentWidth = 0;
    };
    for (const word of words) {
      const w = measure(word, font, size);
      if (current !== '' && currentWidth + space + w <= width) {
        current += ` ${word}`;
        currentWidth += space + w;
        continue;
      }
      if (current !== '') flush(' ');
      if (w <= width) {
        current = word;
        currentWidth = w;
        continue;
      }
      const pieces = breakWord(word, width, font, size, measure);
      pieces.forEach((piece, i) => {
        current = piece;
        currentWidth = measure(piece, font, size);
        if (i < pieces.length - 1) flush('');
      });
    }
    flush('\n');
  }
  // The text's end is not a paragraph break to carry over.
  const last = lines[lines.length - 1];
  if (last) lines[lines.length - 1] = { text: last.text, joiner: '' };
  return lines;
}

/** The source text of `lines` (inverse of `wrapText`, up to collapsed spaces). */
export function joinLines(lines: readonly Line[]): string {
  return lines.map((l, i) => (i < lines.length - 1 ? l.text + l.joiner : l.text)).join('');
}
