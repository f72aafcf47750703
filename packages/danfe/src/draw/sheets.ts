import { BOTTOM, CANHOTO_HEIGHT, TOP } from '../layout/geometry.js';
import { rowsHeight } from '../layout/item-rows.js';
import { BLOCK_GAP, type Sheet } from '../layout/plan.js';
import type { NfeData } from '../model/types.js';
import { ADDITIONAL_HEIGHT, drawAdditional, drawContinuation } from './additional.js';
import { billingHeight, drawBilling, gridRows, MAX_GRID_ROWS } from './billing.js';
import { drawCanhoto } from './canhoto.js';
import type { DrawContext } from './context.js';
import { drawHeader, HEADER_BAND_HEIGHT } from './header.js';
import { drawMarks } from './marks.js';
import { drawPlaces, placesHeight } from './places.js';
import { drawProducts, PRODUCTS_HEADER_HEIGHT } from './products.js';
import { drawRecipient, RECIPIENT_HEIGHT } from './recipient.js';
import {
  drawIbsCbs,
  drawIssqn,
  drawTaxes,
  ibsCbsHeight,
  issqnHeight,
  TAX_HEIGHT,
} from './taxes.js';
import { drawTransport, TRANSPORT_HEIGHT } from './transport.js';

/** Space between a sheet's header band and what follows it. */
const GAP = 2;

/** Item rows the first sheet keeps room for, whatever optional blocks the NF-e fills. */
const MIN_FIRST_SHEET_ROWS = 8;

/** Where the first sheet's variable blocks start and end. */
export interface FirstSheetGeometry {
  readonly recipientY: number;
  /** Whether retirada/entrega have their own blocks (else they are text in Informações Complementares). */
  readonly placeBlocks: boolean;
  /** Rows of the duplicatas grid; the rest of the duplicatas go to Informações Complementares. */
  readonly billingRows: number;
  readonly productsY: number;
  readonly productsBottom: number;
}

/**
 * Where the first sheet's blocks go; the products block takes what the others leave. When the
 * other blocks would leave fewer than `MIN_FIRST_SHEET_ROWS` item rows, the optional parts give
 * way, their data going to Informações Complementares instead: first rows of the duplicatas grid
 * (the MOC lets Fatura/Duplicatas shrink, §3.3.2), then the retirada/entrega blocks (areas the MOC
 * only allows, §3.1.4–3.1.5).
 */
export function firstSheetGeometry(nfe: NfeData, canhoto: boolean): FirstSheetGeometry {
  const recipientY = TOP + (canhoto ? CANHOTO_HEIGHT : 0) + HEADER_BAND_HEIGHT + GAP;
  const productsBottom = BOTTOM - issqnHeight(nfe.issqn) - ADDITIONAL_HEIGHT;
  const above = (placeBlocks: boolean, rows: number) =>
    recipientY +
    RECIPIENT_HEIGHT +
    (placeBlocks ? placesHeight(nfe.pickup, nfe.delivery) : 0) +
    billingHeight(nfe.billing, rows) +
    TAX_HEIGHT +
    ibsCbsHeight(nfe.ibsCbsTotals) +
    TRANSPORT_HEIGHT;
  const floor = productsBottom - PRODUCTS_HEADER_HEIGHT - rowsHeight(MIN_FIRST_SHEET_ROWS);
  const placeBlocks = above(true, 0) <= floor;
  let billingRows = gridRows(nfe.billing, MAX_GRID_ROWS);
  while (billingRows > 0 && above(placeBlocks, billingRows) > floor) billingRows--;
  return {
    recipientY,
    placeBlocks,
    billingRows,
    productsY: above(placeBlocks, billingRows),
    productsBottom,
  };
}

/** Top of what a later sheet holds below its header band. */
export const NEXT_REGION_TOP = TOP + HEADER_BAND_HEIGHT + GAP;

/** The first sheet: every block of MOC Anexo II, the products block taking what is left. */
export function drawFirstSheet(
  ctx: DrawContext,
  sheet: Sheet,
  sheets: number,
  g: FirstSheetGeometry,
) {
  let y = TOP;
  if (ctx.canhoto) y = drawCanhoto(ctx, y);
  drawHeader(ctx, y, 1, sheets);
  y = drawRecipient(ctx, g.recipientY);
  if (g.placeBlocks) y = drawPlaces(ctx, y);
  y = drawBilling(ctx, y, g.billingRows);
  y = drawTaxes(ctx, y);
  y = drawIbsCbs(ctx, y);
  drawTransport(ctx, y);
  drawMarks(ctx, g.productsY + PRODUCTS_HEADER_HEIGHT, g.productsBottom);
  drawProducts(ctx, sheet.pieces, g.productsY, g.productsBottom);
  drawAdditional(ctx, drawIssqn(ctx, g.productsBottom));
}

/** A later sheet (MOC §3.5): the header band again, then items and/or continued text. */
export function drawNextSheet(ctx: DrawContext, sheet: Sheet, number: number, sheets: number) {
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
    y = bottom + BLOCK_GAP;
  }
  if (sheet.info.length > 0) drawContinuation(ctx, sheet.info, y);
}
