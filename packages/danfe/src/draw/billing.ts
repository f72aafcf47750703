import { formatMoney } from '../format/decimal.js';
import { formatDate } from '../format/documents.js';
import { BLOCK_TITLE_HEIGHT, FIELD_HEIGHT, LEFT, SIZE, WIDTH } from '../layout/geometry.js';
import type { Billing, Installment } from '../model/types.js';
import type { DrawContext } from './context.js';

/**
 * Duplicatas per grid row: number, due date and value side by side in 10 pt (the MOC's minimum for
 * field contents, §3.7.9), each cell a quarter of the width.
 */
export const PER_ROW = 4;
/** Height of one grid row of 10 pt values, and of the 6 pt caption line above the grid. */
const GRID_ROW_HEIGHT = 12;
const CAPTION_HEIGHT = 8;
const GRID_PADDING = 3;
/**
 * Grid rows at most. The schema allows 120 duplicatas (30 rows), more than the first sheet can
 * spare; the MOC lets this block shrink (§3.3.2), so the ones past the grid are printed in
 * Informações Complementares instead (`overflowInstallments`).
 */
export const MAX_GRID_ROWS = 6;

/** Grid rows the installments need, at most `limit`. */
export function gridRows(billing: Billing | undefined, limit = MAX_GRID_ROWS): number {
  const needed = Math.ceil((billing?.installments.length ?? 0) / PER_ROW);
  return Math.max(0, Math.min(needed, limit));
}

/** Height of "Fatura/Duplicatas" (MOC block 10) with `rows` grid rows; 0 without `cobr`. */
export function billingHeight(billing: Billing | undefined, rows: number): number {
  if (!billing) return 0;
  const invoice = billing.invoice ? FIELD_HEIGHT : 0;
  const grid = rows > 0 ? CAPTION_HEIGHT + rows * GRID_ROW_HEIGHT + GRID_PADDING : 0;
  return BLOCK_TITLE_HEIGHT + invoice + grid;
}

/** The duplicatas after the first `shown` (those the grid holds), as a paragraph for Informações Complementares. */
export function overflowInstallments(
  billing: Billing | undefined,
  shown: number,
): string | undefined {
  const rest = billing?.installments.slice(shown) ?? [];
  if (rest.length === 0) return undefined;
  const items = rest.map(
    (d) => `Nº ${d.number ?? ''} VENC. ${formatDate(d.due)} VALOR: R$ ${formatMoney(d.value)}`,
  );
  return `DUPLICATAS (CONTINUAÇÃO): ${items.join('; ')}.`;
}

/** Where a cell's three values sit, relative to the cell's left edge. */
const NUMBER_X = 3;
const NUMBER_WIDTH = 32;
const DUE_X = 38;
const DUE_WIDTH = 48;
const VALUE_X = 88;

function drawInstallment(ctx: DrawContext, dup: Installment, x: number, y: number, cell: number) {
  const { canvas } = ctx;
  const top = y + 1;
  canvas.text(dup.number ?? '', x + NUMBER_X, top, { width: NUMBER_WIDTH });
  canvas.text(formatDate(dup.due), x + DUE_X, top, { width: DUE_WIDTH });
  canvas.text(formatMoney(dup.value), x + VALUE_X, top, {
    width: cell - VALUE_X - 3,
    align: 'right',
  });
}

/**
 * The invoice (fat: número, valor original, desconto, valor líquido) as a row of fields, then a
 * grid of the installments (dup: número, vencimento, valor) under one caption line per column.
 */
export function drawBilling(ctx: DrawContext, y: number, rows: number): number {
  const billing = ctx.nfe.billing;
  if (!billing) return y;
  const { canvas } = ctx;
  canvas.blockTitle('FATURA / DUPLICATAS', LEFT, y);
  let top = y + BLOCK_TITLE_HEIGHT;
  const inv = billing.invoice;
  if (inv) {
    const w = WIDTH / 4;
    const right = { align: 'right' } as const;
    canvas.field(LEFT, top, w, 'NÚMERO DA FATURA', inv.number ?? '');
    canvas.field(LEFT + w, top, w, 'VALOR ORIGINAL', formatMoney(inv.original), right);
    canvas.field(LEFT + 2 * w, top, w, 'VALOR DO DESCONTO', formatMoney(inv.discount), right);
    canvas.field(LEFT + 3 * w, top, w, 'VALOR LÍQUIDO', formatMoney(inv.net), right);
    top += FIELD_HEIGHT;
  }
  if (rows === 0) return top;
  const height = CAPTION_HEIGHT + rows * GRID_ROW_HEIGHT + GRID_PADDING;
  canvas.rect(LEFT, top, WIDTH, height);
  const cell = WIDTH / PER_ROW;
  const caption = { size: SIZE.fieldTitle } as const;
  // Captions only over the columns the first row fills: one or two duplicatas leave the rest blank.
  const columns = Math.min(PER_ROW, billing.installments.length);
  for (let c = 1; c < PER_ROW; c++)
    canvas.line(LEFT + c * cell, top, LEFT + c * cell, top + height);
  for (let c = 0; c < columns; c++) {
    const x = LEFT + c * cell;
    canvas.text('NÚMERO', x + NUMBER_X, top + 1.5, caption);
    canvas.text('VENCIMENTO', x + DUE_X, top + 1.5, caption);
    canvas.text('VALOR', x + VALUE_X, top + 1.5, caption);
  }
  billing.installments.slice(0, rows * PER_ROW).forEach((dup, i) => {
    const x = LEFT + (i % PER_ROW) * cell;
    const cy = top + CAPTION_HEIGHT + Math.floor(i / PER_ROW) * GRID_ROW_HEIGHT;
    drawInstallment(ctx, dup, x, cy, cell);
  });
  return top + height;
}
