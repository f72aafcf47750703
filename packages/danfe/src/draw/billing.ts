import { formatDecimal } from '../format/decimal.js';
import { formatDate } from '../format/documents.js';
import { BLOCK_TITLE_HEIGHT, FONT, LEFT, WIDTH } from '../layout/geometry.js';
import type { Billing } from '../model/types.js';
import type { DrawContext } from './context.js';

/** Duplicatas per row and the height of one row (two 7 pt lines). */
const PER_ROW = 6;
const DUP_ROW_HEIGHT = 17;
const INVOICE_LINE_HEIGHT = 11;
const SIZE = 7;
/**
 * Rows of the grid on the first sheet. The schema allows 120 duplicatas (20 rows), more than the
 * sheet can spare next to the other blocks; the MOC lets this block shrink (§3.3.2), so the ones
 * past the grid are printed in Informações Complementares instead (`overflowInstallments`).
 */
const MAX_ROWS = 4;
const GRID_CAPACITY = MAX_ROWS * PER_ROW;

const money = (v: string | undefined): string =>
  v === undefined ? '' : `R$ ${formatDecimal(v, 2)}`;

/** The duplicatas the grid has no room for, as a paragraph for Informações Complementares. */
export function overflowInstallments(billing: Billing | undefined): string | undefined {
  const rest = billing?.installments.slice(GRID_CAPACITY) ?? [];
  if (rest.length === 0) return undefined;
  const items = rest.map(
    (d) => `Nº ${d.number ?? ''} VENC. ${formatDate(d.due)} VALOR: ${money(d.value)}`,
  );
  return `DUPLICATAS (CONTINUAÇÃO): ${items.join('; ')}.`;
}

/** Height of "Fatura/Duplicatas" (MOC block 10), 0 when the NF-e has no `cobr`. */
export function billingHeight(billing: Billing | undefined): number {
  if (!billing) return 0;
  const shown = Math.min(billing.installments.length, GRID_CAPACITY);
  const rows = Math.ceil(shown / PER_ROW);
  return (
    BLOCK_TITLE_HEIGHT + (billing.invoice ? INVOICE_LINE_HEIGHT : 0) + rows * DUP_ROW_HEIGHT + 2
  );
}

/** The invoice line and a grid of installments (número, vencimento, valor). */
export function drawBilling(ctx: DrawContext, y: number): number {
  const billing = ctx.nfe.billing;
  if (!billing) return y;
  const { canvas } = ctx;
  const height = billingHeight(billing);
  canvas.blockTitle('FATURA / DUPLICATAS', LEFT, y);
  const top = y + BLOCK_TITLE_HEIGHT;
  canvas.rect(LEFT, top, WIDTH, height - BLOCK_TITLE_HEIGHT);
  let row = top + 1;
  const inv = billing.invoice;
  if (inv) {
    const parts = [
      `FATURA Nº: ${inv.number ?? ''}`,
      `VALOR ORIGINAL: ${money(inv.original)}`,
      `DESCONTO: ${money(inv.discount)}`,
      `VALOR LÍQUIDO: ${money(inv.net)}`,
    ];
    canvas.text(parts.join('      '), LEFT + 3, row + 1.5, { size: SIZE, width: WIDTH - 6 });
    row += INVOICE_LINE_HEIGHT;
  }
  const cell = WIDTH / PER_ROW;
  billing.installments.slice(0, GRID_CAPACITY).forEach((dup, i) => {
    const x = LEFT + (i % PER_ROW) * cell;
    const cy = row + Math.floor(i / PER_ROW) * DUP_ROW_HEIGHT;
    if (i % PER_ROW > 0) canvas.line(x, cy + 1, x, cy + DUP_ROW_HEIGHT - 1);
    const first = `Nº ${dup.number ?? ''}   VENC. ${formatDate(dup.due)}`;
    canvas.text(first, x + 3, cy + 1, { size: SIZE, width: cell - 6 });
    canvas.text(`VALOR: ${money(dup.value)}`, x + 3, cy + 8.5, {
      size: SIZE,
      font: FONT.bold,
      width: cell - 6,
    });
  });
  return y + height;
}
