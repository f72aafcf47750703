import {
  BLOCK_TITLE_HEIGHT,
  COLUMN_HEADER_HEIGHT,
  FONT,
  LEFT,
  RIGHT,
  ROW_LINE,
  ROW_PADDING,
  SIZE,
  WIDTH,
} from '../layout/geometry.js';
import { CELL_PADDING, rowsHeight } from '../layout/item-rows.js';
import { wrapText } from '../layout/measure.js';
import type { Piece } from '../layout/plan.js';
import type { DrawContext } from './context.js';

/** Block title and column titles above the rows. */
export const PRODUCTS_HEADER_HEIGHT = BLOCK_TITLE_HEIGHT + COLUMN_HEADER_HEIGHT;

/** Text top for a 6 pt line in a row line of `ROW_LINE`. */
const TEXT_OFFSET = 0.6;

function drawColumnTitles(ctx: DrawContext, y: number): void {
  const { canvas } = ctx;
  for (const column of ctx.columns) {
    const lines = wrapText(
      column.title,
      column.width - 2,
      FONT.regular,
      SIZE.columnTitle,
      canvas.measure,
    );
    const lineHeight = SIZE.columnTitle + 0.8;
    let ty = y + (COLUMN_HEADER_HEIGHT - lines.length * lineHeight) / 2;
    for (const line of lines) {
      canvas.text(line.text, column.x + 1, ty, {
        size: SIZE.columnTitle,
        width: column.width - 2,
        align: 'center',
      });
      ty += lineHeight;
    }
  }
}

/** Vertical rules between every column from `top` to `bottom`. */
function columnRules(ctx: DrawContext, top: number, bottom: number, onlyFirst = false): void {
  const columns = onlyFirst ? ctx.columns.slice(1, 2) : ctx.columns.slice(1);
  for (const column of columns) ctx.canvas.line(column.x, top, column.x, bottom);
}

/** One piece of an item: code and description lines, the values on its first row, extra lines. */
function drawPiece(ctx: DrawContext, piece: Piece, y: number): number {
  const { canvas } = ctx;
  const rows = ctx.rows[piece.index];
  if (!rows) return y;
  const main = Math.max(rows.code.length, rows.description.length);
  const height = rowsHeight(piece.to - piece.from);
  const mainRows = Math.max(0, Math.min(piece.to, main) - piece.from);
  const top = y + ROW_PADDING;
  const style = { size: SIZE.row } as const;
  for (let r = piece.from; r < piece.to; r++) {
    const ly = top + (r - piece.from) * ROW_LINE + TEXT_OFFSET;
    if (r < main) {
      const code = rows.code[r];
      const description = rows.description[r];
      const codeColumn = ctx.columns[0];
      const descColumn = ctx.columns[1];
      if (code !== undefined && codeColumn) {
        canvas.text(code, codeColumn.x + CELL_PADDING, ly, {
          ...style,
          width: codeColumn.width - 2 * CELL_PADDING,
        });
      }
      if (description !== undefined && descColumn) {
        canvas.text(description, descColumn.x + CELL_PADDING, ly, {
          ...style,
          width: descColumn.width - 2 * CELL_PADDING,
        });
      }
    } else {
      const descColumn = ctx.columns[1];
      const text = rows.extra[r - main];
      if (text !== undefined && descColumn) {
        canvas.text(text, descColumn.x + CELL_PADDING, ly, {
          ...style,
          width: RIGHT - descColumn.x - 2 * CELL_PADDING,
        });
      }
    }
  }
  if (piece.from === 0) {
    for (const column of ctx.columns.slice(2)) {
      canvas.text(column.value(rows.item), column.x + CELL_PADDING, top + TEXT_OFFSET, {
        ...style,
        width: column.width - 2 * CELL_PADDING,
        align: column.align,
      });
    }
  }
  // Rules: every column beside the item's own lines; only code | description beside its extra lines.
  const mainBottom =
    mainRows > 0 ? y + ROW_PADDING + mainRows * ROW_LINE + (piece.to <= main ? ROW_PADDING : 0) : y;
  if (mainRows > 0) columnRules(ctx, y, mainBottom);
  if (mainBottom < y + height) columnRules(ctx, mainBottom, y + height, true);
  return y + height;
}

/**
 * "Dados dos Produtos/Serviços" on one sheet from `y` to `bottom`: title, column titles, the
 * planned pieces of item rows with a separator between items (mandatory when an item takes more
 * than one line, MOC §3.2), and the columns' rules down to the bottom of the block.
 */
export function drawProducts(
  ctx: DrawContext,
  pieces: readonly Piece[],
  y: number,
  bottom: number,
): void {
  const { canvas } = ctx;
  canvas.blockTitle('DADOS DOS PRODUTOS / SERVIÇOS', LEFT, y);
  const top = y + BLOCK_TITLE_HEIGHT;
  canvas.rect(LEFT, top, WIDTH, bottom - top);
  drawColumnTitles(ctx, top);
  const rowsTop = top + COLUMN_HEADER_HEIGHT;
  columnRules(ctx, top, rowsTop);
  canvas.line(LEFT, rowsTop, RIGHT, rowsTop);
  let ry = rowsTop;
  pieces.forEach((piece, i) => {
    if (i > 0) canvas.line(LEFT, ry, RIGHT, ry, { dash: 1, light: true });
    ry = drawPiece(ctx, piece, ry);
  });
  if (ry < bottom) {
    if (pieces.length > 0) canvas.line(LEFT, ry, RIGHT, ry, { dash: 1, light: true });
    columnRules(ctx, ry, bottom);
  }
}
