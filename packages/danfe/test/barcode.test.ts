import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';

import { Canvas } from '../src/draw/canvas.js';
import { drawBarcode } from '../src/draw/barcode.js';
import { decodeBarcodes, HAVE_TOOLS } from './pdf-tools.js';

/** One page with each text as a barcode 500 pt wide, read back by zbarimg. */
async function decoded(texts: readonly string[]): Promise<string[]> {
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  const canvas = new Canvas(doc);
  canvas.startPage(595.28, 841.89);
  texts.forEach((text, i) => drawBarcode(canvas, text, 40, 30 + i * 80, 500, 60));
  doc.end();
  return (await decodeBarcodes(await done, 1)).sort();
}

const pairs = (from: number, to: number): string =>
  Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(2, '0')).join('');

describe.skipIf(!HAVE_TOOLS)('CODE-128 bars read by zbarimg (an independent decoder)', () => {
  it('decodes every set C value 00–99 (the MOC Anexo III.01 table)', async () => {
    const texts = [pairs(0, 24), pairs(25, 49), pairs(50, 74), pairs(75, 99)];
    expect(await decoded(texts)).toEqual([...texts].sort());
  }, 30_000);

  it('decodes sets A and B and the switches between them and C', async () => {
    const texts = [
      'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
      'abcdefghijklmnopqrstuvwxyz',
      '12AB3456cd7890EF12',
      ' !"#$%&()*+,-./:;<=>?@[]^_',
      '352607ABC34501DE3555001000000123110203040007',
    ];
    expect(await decoded(texts)).toEqual([...texts].sort());
  }, 30_000);
});
