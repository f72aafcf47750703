import { code128Modules, QUIET_ZONE_MODULES } from '../barcode/code128.js';
import { BARCODE_HEIGHT, MIN_MODULE } from '../layout/geometry.js';
import type { Canvas } from './canvas.js';

/**
 * The chave as CODE-128 vector bars, centred in the box (x, y, width, height): the module width is
 * whatever makes symbol + two 10-module quiet zones fill the width, so it is as wide as the box
 * allows (0.03 cm for the numeric chave in the 9 cm column; the MOC's minimum is 0.02 cm).
 */
export function drawBarcode(
  canvas: Canvas,
  text: string,
  x: number,
  y: number,
  width: number,
  height: number,
): void {
  const modules = code128Modules(text);
  const total = modules.reduce((a, b) => a + b, 0) + 2 * QUIET_ZONE_MODULES;
  const module = width / total;
  if (module < MIN_MODULE) {
    throw new Error(`barcode: ${total} modules do not fit ${width} pt at the minimum module`);
  }
  const top = y + (height - BARCODE_HEIGHT) / 2;
  let cursor = x + QUIET_ZONE_MODULES * module;
  modules.forEach((w, i) => {
    // Even positions are bars, odd ones spaces.
    if (i % 2 === 0) canvas.doc.rect(cursor, top, w * module, BARCODE_HEIGHT);
    cursor += w * module;
  });
  canvas.fill('#000000');
}
