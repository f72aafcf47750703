import {
  ADDITIONAL_BOX_HEIGHT,
  BLOCK_TITLE_HEIGHT,
  COMPLEMENTARY_WIDTH,
  LEFT,
  ROW_LINE,
  SIZE,
  WIDTH,
} from '../layout/geometry.js';
import { INFO_PADDING } from '../layout/plan.js';
import type { DrawContext } from './context.js';

/** Height of "Dados Adicionais" on the first sheet (MOC block 15). */
export const ADDITIONAL_HEIGHT = BLOCK_TITLE_HEIGHT + ADDITIONAL_BOX_HEIGHT;
/** Top of the first text line inside the Informações Complementares box (below its title). */
export const INFO_TITLE_HEIGHT = 9;

/** Lines the first sheet's Informações Complementares box holds. */
export const FIRST_INFO_CAPACITY = Math.floor(
  (ADDITIONAL_BOX_HEIGHT - INFO_TITLE_HEIGHT - INFO_PADDING) / ROW_LINE,
);
/** Text width inside Informações Complementares (first sheet) and a continuation block. */
export const FIRST_INFO_WIDTH = COMPLEMENTARY_WIDTH - 2 * INFO_PADDING - 2;
export const CONTINUATION_INFO_WIDTH = WIDTH - 2 * INFO_PADDING - 2;

function drawLines(
  ctx: DrawContext,
  lines: readonly string[],
  x: number,
  y: number,
  width: number,
) {
  lines.forEach((line, i) => {
    ctx.canvas.text(line, x, y + i * ROW_LINE + 0.6, { size: SIZE.row, width });
  });
}

/**
 * "Dados Adicionais": Informações Complementares (6 pt, MOC §3.1.8; its text is
 * `complementaryText`) and
 * the empty "Reservado ao Fisco" (MOC §3.1.9: the taxpayer must not fill it).
 */
export function drawAdditional(ctx: DrawContext, y: number): number {
  const { canvas } = ctx;
  canvas.blockTitle('DADOS ADICIONAIS', LEFT, y);
  const top = y + BLOCK_TITLE_HEIGHT;
  canvas.rect(LEFT, top, COMPLEMENTARY_WIDTH, ADDITIONAL_BOX_HEIGHT);
  canvas.text('INFORMAÇÕES COMPLEMENTARES', LEFT + 2, top + 1.5, { size: SIZE.fieldTitle });
  drawLines(
    ctx,
    ctx.plan.firstInfo,
    LEFT + INFO_PADDING + 1,
    top + INFO_TITLE_HEIGHT,
    FIRST_INFO_WIDTH,
  );
  const fiscoX = LEFT + COMPLEMENTARY_WIDTH;
  canvas.rect(fiscoX, top, WIDTH - COMPLEMENTARY_WIDTH, ADDITIONAL_BOX_HEIGHT);
  canvas.text('RESERVADO AO FISCO', fiscoX + 2, top + 1.5, { size: SIZE.fieldTitle });
  return top + ADDITIONAL_BOX_HEIGHT;
}

/** Height of a continuation block holding `lines` lines. */
export function continuationHeight(lines: number): number {
  return BLOCK_TITLE_HEIGHT + 2 * INFO_PADDING + lines * ROW_LINE;
}

/** Informações Complementares that did not fit the first sheet, continued on a later one (MOC §3.5). */
export function drawContinuation(ctx: DrawContext, lines: readonly string[], y: number): number {
  const { canvas } = ctx;
  canvas.blockTitle('DADOS ADICIONAIS - INFORMAÇÕES COMPLEMENTARES (CONTINUAÇÃO)', LEFT, y);
  const top = y + BLOCK_TITLE_HEIGHT;
  const height = continuationHeight(lines.length) - BLOCK_TITLE_HEIGHT;
  canvas.rect(LEFT, top, WIDTH, height);
  drawLines(ctx, lines, LEFT + INFO_PADDING + 1, top + INFO_PADDING, CONTINUATION_INFO_WIDTH);
  return top + height;
}
