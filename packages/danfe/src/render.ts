import PDFDocument from 'pdfkit';

import {
  CONTINUATION_INFO_WIDTH,
  FIRST_INFO_CAPACITY,
  FIRST_INFO_WIDTH,
} from './draw/additional.js';
import { PER_ROW } from './draw/billing.js';
import { Canvas } from './draw/canvas.js';
import { complementaryText } from './draw/complementary-text.js';
import type { DrawContext } from './draw/context.js';
import { marksFor } from './draw/marks.js';
import { PRODUCTS_HEADER_HEIGHT } from './draw/products.js';
import {
  drawFirstSheet,
  drawNextSheet,
  firstSheetGeometry,
  NEXT_REGION_TOP,
} from './draw/sheets.js';
import { DanfeError } from './errors.js';
import { productColumns } from './layout/columns.js';
import { BOTTOM, FONT, PAGE_HEIGHT, PAGE_WIDTH, SIZE } from './layout/geometry.js';
import { layoutItems } from './layout/item-rows.js';
import { wrapText } from './layout/measure.js';
import { planSheets } from './layout/plan.js';
import { checkLogo } from './logo.js';
import { readNfe } from './model/read-nfe.js';
import { resolveOptions, type DanfeOptions } from './options.js';

/** Fallback creation date when dhEmi cannot be read as an instant. */
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1));

/** Collects the PDF stream into one byte array. */
function collect(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** The logo opened once (pdfkit embeds an opened image once, however many sheets show it). */
function openLogo(doc: PDFKit.PDFDocument, logo: Uint8Array | undefined): Buffer | undefined {
  if (!logo) return undefined;
  const bytes = checkLogo(logo);
  try {
    // pdfkit's `openImage` (missing from its type definitions) parses the image now, so a broken
    // JPEG fails here; its result is accepted wherever pdfkit takes a Buffer.
    const opener = doc as unknown as { openImage(src: Buffer): unknown };
    return opener.openImage(bytes) as Buffer;
  } catch (error) {
    throw new DanfeError(
      'invalid_logo',
      `The logo cannot be used: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * Renders the DANFE of an NF-e (an `nfeProc`, or a bare `NFe` before authorisation) as PDF bytes:
 * A4 retrato, every block of MOC 7.0 Anexo II in order, CODE-128 barcode of the chave, item rows
 * continued over as many sheets as they need with "FOLHA x/y" right on each (the whole document is
 * laid out before the first stroke), Informações Complementares continued rather than clipped,
 * and the NT 2026.010 IBS/CBS/IS totals when the XML has them.
 *
 * Pure: no file, network, environment or clock; the same XML and options give the same bytes.
 * Rejects with a `DanfeError` for XML it cannot render and for bad options.
 *
 * @example
 * ```ts
 * import { renderDanfe } from '@emissor/danfe';
 * const pdf = await renderDanfe(nfeProcXml, { logo: pngBytes, quantityDecimals: 2 });
 * ```
 */
export async function renderDanfe(xml: string, options: DanfeOptions = {}): Promise<Uint8Array> {
  const opts = resolveOptions(options);
  const nfe = readNfe(xml);
  const createdAt =
    opts.createdAt ??
    (Number.isNaN(Date.parse(nfe.issuedAt)) ? FIXED_DATE : new Date(nfe.issuedAt));
  const doc = new PDFDocument({
    size: [PAGE_WIDTH, PAGE_HEIGHT],
    margin: 0,
    autoFirstPage: false,
    info: {
      Title: `DANFE ${nfe.key}`,
      Subject: `NF-e ${nfe.number} série ${nfe.series}`,
      Creator: '@emissor/danfe',
      Producer: '@emissor/danfe',
      CreationDate: createdAt,
      ModDate: createdAt,
    },
  });
  const bytes = collect(doc);
  const canvas = new Canvas(doc);
  const logo = openLogo(doc, opts.logo);
  const decimals = { quantity: opts.quantityDecimals, unitPrice: opts.unitPriceDecimals };
  const columns = productColumns(nfe, decimals);
  const rows = layoutItems(nfe.items, columns, decimals, canvas.measure);
  const first = firstSheetGeometry(nfe, opts.canhoto);
  const info = complementaryText(nfe, {
    shownInstallments: first.billingRows * PER_ROW,
    placesInText: !first.placeBlocks,
  });
  const plan = planSheets({
    items: rows,
    firstItemsHeight: Math.max(0, first.productsBottom - first.productsY - PRODUCTS_HEADER_HEIGHT),
    nextRegionHeight: BOTTOM - NEXT_REGION_TOP,
    productsHeaderHeight: PRODUCTS_HEADER_HEIGHT,
    infoLines:
      info === '' ? [] : wrapText(info, FIRST_INFO_WIDTH, FONT.regular, SIZE.row, canvas.measure),
    firstInfoCapacity: FIRST_INFO_CAPACITY,
    wrapContinuation: (text) =>
      wrapText(text, CONTINUATION_INFO_WIDTH, FONT.regular, SIZE.row, canvas.measure),
    continuationNote: (sheet) => `(CONTINUA NA FOLHA ${sheet})`,
  });
  const ctx: DrawContext = {
    canvas,
    nfe,
    columns,
    rows,
    plan,
    marks: marksFor(nfe, opts.cancelada),
    logo,
    canhoto: opts.canhoto,
  };
  const sheets = plan.sheets.length;
  plan.sheets.forEach((sheet, i) => {
    canvas.startPage(PAGE_WIDTH, PAGE_HEIGHT);
    if (i === 0) drawFirstSheet(ctx, sheet, sheets, first);
    else drawNextSheet(ctx, sheet, i + 1, sheets);
  });
  doc.end();
  return bytes;
}
