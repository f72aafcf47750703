import PDFDocument from 'pdfkit';

import { drawAdditional, drawContinuation, ADDITIONAL_HEIGHT } from './draw/additional.js';
import {
  CONTINUATION_INFO_WIDTH,
  FIRST_INFO_CAPACITY,
  FIRST_INFO_WIDTH,
} from './draw/additional.js';
import { billingHeight, drawBilling, overflowInstallments } from './draw/billing.js';
import { Canvas } from './draw/canvas.js';
import { drawCanhoto } from './draw/canhoto.js';
import type { DrawContext } from './draw/context.js';
import { drawHeader, HEADER_BAND_HEIGHT } from './draw/header.js';
import { drawMarks, marksFor } from './draw/marks.js';
import { drawProducts, PRODUCTS_HEADER_HEIGHT } from './draw/products.js';
import { drawRecipient, RECIPIENT_HEIGHT } from './draw/recipient.js';
import {
  drawIbsCbs,
  drawIssqn,
  drawTaxes,
  ibsCbsHeight,
  issqnHeight,
  TAX_HEIGHT,
} from './draw/taxes.js';
import { drawTransport, TRANSPORT_HEIGHT } from './draw/transport.js';
import { DanfeError } from './errors.js';
import { formatDateTime } from './format/documents.js';
import { productColumns } from './layout/columns.js';
import {
  BOTTOM,
  CANHOTO_HEIGHT,
  FONT,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  SIZE,
  TOP,
} from './layout/geometry.js';
import { layoutItems, rowsHeight } from './layout/item-rows.js';
import { wrapText } from './layout/measure.js';
import { planSheets, type Sheet } from './layout/plan.js';
import { checkLogo } from './logo.js';
import { readNfe } from './model/read-nfe.js';
import type { NfeData } from './model/types.js';
import { resolveOptions, type DanfeOptions } from './options.js';

/** Space between a sheet's header band and what follows it. */
const GAP = 2;
/** Fallback creation date when dhEmi cannot be read as an instant. */
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1));

/**
 * Informações Complementares: contingency notice, duplicatas the grid had no room for, infAdFisco
 * and infCpl, in that order (MOC §3.1.8).
 */
function complementaryText(nfe: NfeData): string {
  const parts: string[] = [];
  if (nfe.emissionType !== '1') {
    const when = nfe.contingencyAt ? ` EM ${formatDateTime(nfe.contingencyAt)}` : '';
    const why = nfe.contingencyReason ? `: ${nfe.contingencyReason}` : '';
    parts.push(`EMITIDA EM CONTINGÊNCIA (TPEMIS ${nfe.emissionType})${when}${why}`);
  }
  const installments = overflowInstallments(nfe.billing);
  if (installments) parts.push(installments);
  if (nfe.fiscoInfo) parts.push(`INF. FISCO: ${nfe.fiscoInfo}`);
  if (nfe.complementaryInfo) parts.push(`INF. CONTRIBUINTE: ${nfe.complementaryInfo}`);
  return parts.join('\n');
}

interface FirstSheetGeometry {
  readonly recipientY: number;
  readonly productsY: number;
  readonly productsBottom: number;
}

/** Where the first sheet's blocks go; the products block takes what the others leave. */
function firstSheetGeometry(nfe: NfeData, canhoto: boolean): FirstSheetGeometry {
  const recipientY = TOP + (canhoto ? CANHOTO_HEIGHT : 0) + HEADER_BAND_HEIGHT + GAP;
  const productsY =
    recipientY +
    RECIPIENT_HEIGHT +
    billingHeight(nfe.billing) +
    TAX_HEIGHT +
    ibsCbsHeight(nfe.ibsCbsTotals) +
    TRANSPORT_HEIGHT;
  const productsBottom = BOTTOM - issqnHeight(nfe.issqn) - ADDITIONAL_HEIGHT;
  return { recipientY, productsY, productsBottom };
}

const NEXT_REGION_TOP = TOP + HEADER_BAND_HEIGHT + GAP;

function drawFirstSheet(ctx: DrawContext, sheet: Sheet, sheets: number, g: FirstSheetGeometry) {
  let y = TOP;
  if (ctx.canhoto) y = drawCanhoto(ctx, y);
  drawHeader(ctx, y, 1, sheets);
  y = drawRecipient(ctx, g.recipientY);
  y = drawBilling(ctx, y);
  y = drawTaxes(ctx, y);
  y = drawIbsCbs(ctx, y);
  drawTransport(ctx, y);
  drawMarks(ctx, g.productsY + PRODUCTS_HEADER_HEIGHT, g.productsBottom);
  drawProducts(ctx, sheet.pieces, g.productsY, g.productsBottom);
  drawAdditional(ctx, drawIssqn(ctx, g.productsBottom));
}

function drawNextSheet(ctx: DrawContext, sheet: Sheet, number: number, sheets: number) {
  drawHeader(ctx, TOP, number, sheets);
  let y = NEXT_REGION_TOP;
  drawMarks(ctx, y, BOTTOM);
  if (sheet.products) {
    const itemsHeight = sheet.pieces.reduce((sum, p) => sum + rowsHeight(p.to - p.from), 0);
    // A sheet full of items keeps its rules to the bottom; the last one ends at its last item.
    const bottom =
      sheet.info.length > 0 || number === sheets
        ? y + PRODUCTS_HEADER_HEIGHT + itemsHeight
        : BOTTOM;
    drawProducts(ctx, sheet.pieces, y, bottom);
    y = bottom + 3;
  }
  if (sheet.info.length > 0) drawContinuation(ctx, sheet.info, y);
}

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
  const info = complementaryText(nfe);
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
    decimals,
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
