/*
 * Words of a rendered page with their boxes (poppler's `pdftotext -bbox`), to check that a value is
 * printed inside the field whose title is above it, not merely somewhere on the page.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Word {
  readonly text: string;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** The words of page `page` (1-based), in pdftotext's reading order. */
export function pageWords(pdf: Uint8Array, page: number): Word[] {
  const dir = mkdtempSync(join(tmpdir(), 'danfe-words-'));
  try {
    const file = join(dir, 'danfe.pdf');
    writeFileSync(file, pdf);
    const html = execFileSync(
      'pdftotext',
      ['-bbox', '-enc', 'UTF-8', '-f', `${page}`, '-l', `${page}`, file, '-'],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const words: Word[] = [];
    const re =
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
    for (const m of html.matchAll(re)) {
      words.push({
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        yMax: Number(m[4]),
        text: (m[5] ?? '').replace(/&(\w+);/g, (e, name: string) => ENTITIES[name] ?? e),
      });
    }
    return words;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const sameLine = (a: Word, b: Word): boolean => Math.abs(a.yMin - b.yMin) < 1;

/** Every place where `label`'s words stand one after the other on one line. */
function findLabel(words: readonly Word[], label: string): Word[][] {
  const parts = label.split(' ');
  const found: Word[][] = [];
  for (let i = 0; i + parts.length <= words.length; i++) {
    const run = words.slice(i, i + parts.length);
    if (run.every((w, k) => w.text === parts[k] && sameLine(w, run[0] as Word))) {
      // A longer title around this one ("VALOR DO ICMS ST", "VALOR DO DESCONTO") is another field.
      const first = run[0] as Word;
      const last = run[run.length - 1] as Word;
      const prev = words[i - 1];
      const next = words[i + parts.length];
      if (prev && sameLine(prev, first) && first.xMin - prev.xMax < 2.5) continue;
      if (next && sameLine(next, last) && next.xMin - last.xMax < 2.5) continue;
      found.push(run);
    }
  }
  return found;
}

/**
 * The text printed in the field titled `label` (its `nth` occurrence on the page): the words
 * below the title, within a field's height, from the title's left edge to the next title on its
 * line. Throws when the title is not there, so a test names the missing label.
 */
export function fieldValue(words: readonly Word[], label: string, nth = 0): string {
  const run = findLabel(words, label)[nth];
  if (!run) throw new Error(`no field titled "${label}" (occurrence ${nth + 1})`);
  const first = run[0] as Word;
  const last = run[run.length - 1] as Word;
  const right = Math.min(
    ...words.filter((w) => sameLine(w, first) && w.xMin > last.xMax + 1).map((w) => w.xMin - 1),
    Number.POSITIVE_INFINITY,
  );
  return words
    .filter(
      (w) =>
        w.yMin > first.yMax &&
        w.yMin < first.yMin + 22 &&
        w.xMin >= first.xMin - 3 &&
        w.xMax <= right,
    )
    .sort((a, b) => a.yMin - b.yMin || a.xMin - b.xMin)
    .map((w) => w.text)
    .join(' ');
}

/** Whether two words overlap horizontally: a value printed in the column under a title. */
export function sameColumn(a: Word, b: Word): boolean {
  return a.xMin < b.xMax && b.xMin < a.xMax;
}
