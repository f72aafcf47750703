/*
 * Reading a rendered DANFE back with tools that share no code with it: poppler's pdftotext,
 * pdfinfo, pdfimages and pdftoppm, and zbar's zbarimg for the barcode (danfe.md §3.4).
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const TOOLS = ['pdftotext', 'pdfinfo', 'pdftoppm', 'pdfimages', 'zbarimg'];

function missingTools(): string[] {
  return TOOLS.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
}

const missing = missingTools();

/**
 * Whether the read-back tools are here. CI installs them (.ci/run): there a missing tool fails the
 * run; elsewhere the suites that need them skip, saying why.
 */
export const HAVE_PDF_TOOLS = missing.length === 0;

/** Throws under CI, warns elsewhere, when the tools are missing; call it from a suite's file. */
export function warnIfPdfToolsMissing(suite: string): void {
  if (HAVE_PDF_TOOLS) return;
  const message = `[${suite}] ${missing.join(', ')} not installed (apt-get install poppler-utils zbar-tools)`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`${message}: PDF read-back tests are skipped`);
}

function withFile<T>(pdf: Uint8Array, run: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'danfe-test-'));
  try {
    const file = join(dir, 'danfe.pdf');
    writeFileSync(file, pdf);
    return run(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function withFileAsync<T>(
  pdf: Uint8Array,
  run: (file: string, dir: string) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'danfe-test-'));
  try {
    const file = join(dir, 'danfe.pdf');
    writeFileSync(file, pdf);
    return await run(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const execFileAsync = promisify(execFile);

/** Number of pages, from pdfinfo. */
export function pageCount(pdf: Uint8Array): number {
  return withFile(pdf, (file) => {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? NaN);
  });
}

/** pdftotext -layout of every page, one string per page. */
export function pagesText(pdf: Uint8Array): string[] {
  return withFile(pdf, (file) => {
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    // pdftotext ends every page with a form feed.
    return text.split('\f').slice(0, -1);
  });
}

/** pdftotext in reading order (no -layout): words of a wrapped paragraph stay in sequence. */
export function rawText(pdf: Uint8Array): string {
  return withFile(pdf, (file) =>
    execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }),
  );
}

/** Images per page, from `pdfimages -list`. */
export function imagesPerPage(pdf: Uint8Array): Map<number, number> {
  return withFile(pdf, (file) => {
    const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
    const counts = new Map<number, number>();
    for (const line of list.split('\n').slice(2)) {
      const page = Number(line.trim().split(/\s+/)[0]);
      if (Number.isInteger(page) && page > 0) counts.set(page, (counts.get(page) ?? 0) + 1);
    }
    return counts;
  });
}

/**
 * The barcodes zbarimg reads on one page rendered at `dpi` in grey (300 dpi: danfe.md §3.4, the
 * resolution at which the MOC's minimum module decodes reliably). Asynchronous: a render takes
 * seconds on a busy machine, and a test that waited for a whole document's sheets synchronously
 * held its worker past vitest's 60 s RPC timeout.
 */
export function decodeBarcodes(pdf: Uint8Array, page: number, dpi = 300): Promise<string[]> {
  return withFileAsync(pdf, async (file, dir) => {
    await execFileAsync('pdftoppm', [
      '-r', String(dpi), '-gray', '-png', '-f', String(page), '-l', String(page), file, join(dir, 'page'),
    ]); // prettier-ignore
    const png = readdirSync(dir).find((f) => f.endsWith('.png'));
    if (!png) throw new Error('pdftoppm wrote no image');
    try {
      const { stdout } = await execFileAsync('zbarimg', ['-q', '--raw', join(dir, png)], {
        encoding: 'utf8',
      });
      return stdout.split('\n').filter((l) => l !== '');
    } catch (error) {
      // Exit 4 = no barcode found; stderr carries D-Bus noise on machines without it.
      if ((error as { code?: unknown }).code === 4) return [];
      throw new Error(`zbarimg failed: ${String((error as { stderr?: unknown }).stderr)}`);
    }
  });
}

/** A page rendered as JPEG bytes (a real JPEG to feed back as a logo). */
export function pageAsJpeg(pdf: Uint8Array, dpi = 20): Buffer {
  return withFile(pdf, (file, dir) => {
    execFileSync('pdftoppm', [
      '-r',
      String(dpi),
      '-jpeg',
      '-f',
      '1',
      '-l',
      '1',
      file,
      join(dir, 'p'),
    ]);
    const jpg = readdirSync(dir).find((f) => f.endsWith('.jpg'));
    if (!jpg) throw new Error('pdftoppm wrote no JPEG');
    return readFileSync(join(dir, jpg));
  });
}

/** Occurrences of `needle` in `haystack`. */
export function count(haystack: string, needle: string): number {
  let n = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) n++;
  return n;
}
