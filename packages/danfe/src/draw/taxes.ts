import { formatMoney } from '../format/decimal.js';
import { BLOCK_TITLE_HEIGHT, FIELD_HEIGHT, LEFT, WIDTH } from '../layout/geometry.js';
import type { IbsCbsTotals, IssqnTotals } from '../model/types.js';
import type { DrawContext } from './context.js';

/** Height of "Cálculo do Imposto": title and two rows. */
export const TAX_HEIGHT = BLOCK_TITLE_HEIGHT + 2 * FIELD_HEIGHT;

type Cell = readonly [title: string, value: string | undefined, bold?: boolean];

/** A row of equal-width fields with money values. */
function equalRow(ctx: DrawContext, y: number, cells: readonly Cell[]): number {
  const w = WIDTH / cells.length;
  cells.forEach(([title, value, bold], i) => {
    ctx.canvas.field(LEFT + i * w, y, w, title, formatMoney(value), { bold, align: 'right' });
  });
  return y + FIELD_HEIGHT;
}

/**
 * "Cálculo do Imposto" (MOC block 11): the eleven fields of the MOC (W03–W16, VALOR TOTAL DA NOTA
 * in bold) plus the other ICMSTot values a reader needs to follow vNF: vFCP and vFCPST (MOC §3.1.8
 * wants the FCP totals printed; NT 2026.010 §4.4 lists them among the block's optional fields),
 * II, the DIFAL values (NT 2015.003), PIS, COFINS and the approximate taxes (Lei 12.741).
 */
export function drawTaxes(ctx: DrawContext, y: number): number {
  const t = ctx.nfe.totals;
  ctx.canvas.blockTitle('CÁLCULO DO IMPOSTO', LEFT, y);
  let row = y + BLOCK_TITLE_HEIGHT;
  row = equalRow(ctx, row, [
    ['BASE CÁLC. DO ICMS', t.icmsBase],
    ['VALOR DO ICMS', t.icms],
    ['BASE CÁLC. ICMS ST', t.icmsStBase],
    ['VALOR DO ICMS ST', t.icmsSt],
    ['VALOR DO FCP', t.fcp],
    ['V. IMP. IMPORTAÇÃO', t.ii],
    ['V. ICMS UF REMET.', t.icmsUfRemet],
    ['V. FCP UF DEST.', t.fcpUfDest],
    ['VALOR DO PIS', t.pis],
    ['V. TOTAL PRODUTOS', t.products],
  ]);
  return equalRow(ctx, row, [
    ['VALOR DO FRETE', t.freight],
    ['VALOR DO SEGURO', t.insurance],
    ['DESCONTO', t.discount],
    ['OUTRAS DESPESAS', t.other],
    ['VALOR TOTAL IPI', t.ipi],
    ['VALOR DO FCP ST', t.fcpSt],
    ['V. ICMS UF DEST.', t.icmsUfDest],
    ['V. TOT. TRIB.', t.approxTaxes],
    ['VALOR DA COFINS', t.cofins],
    ['V. TOTAL DA NOTA', t.invoice, true],
  ]);
}

/** Height of "Total do IBS/CBS/IS" (NT 2026.010 §4.1), 0 when the XML has neither total group. */
export function ibsCbsHeight(totals: IbsCbsTotals | undefined): number {
  return totals ? BLOCK_TITLE_HEIGHT + 2 * FIELD_HEIGHT : 0;
}

/**
 * "Total do IBS/CBS/IS", right after Cálculo do Imposto: CBS, IBS UF, IBS Município and IS, then
 * the four monophase values, blank when the XML has no `gMono` (the NT prints nothing it lacks).
 */
export function drawIbsCbs(ctx: DrawContext, y: number): number {
  const t = ctx.nfe.ibsCbsTotals;
  if (!t) return y;
  ctx.canvas.blockTitle('TOTAL DO IBS/CBS/IS', LEFT, y);
  let row = y + BLOCK_TITLE_HEIGHT;
  row = equalRow(ctx, row, [
    ['VALOR DA CBS', t.cbs],
    ['VALOR DO IBS UF', t.ibsUf],
    ['VALOR DO IBS MUNICÍPIO', t.ibsMun],
    ['VALOR DO IMPOSTO SELETIVO', t.is],
  ]);
  return equalRow(ctx, row, [
    ['VALOR DO IBS MONOFÁSICO', t.ibsMono],
    ['VALOR DA CBS MONOFÁSICA', t.cbsMono],
    ['VALOR DO IBS MONOFÁSICO POR RETENÇÃO', t.ibsMonoReten],
    ['VALOR DA CBS MONOFÁSICA POR RETENÇÃO', t.cbsMonoReten],
  ]);
}

/** Height of "Cálculo do ISSQN" (MOC block 14), 0 when the XML has no ISSQNtot (MOC §3.3.3). */
export function issqnHeight(issqn: IssqnTotals | undefined): number {
  return issqn ? BLOCK_TITLE_HEIGHT + FIELD_HEIGHT : 0;
}

/** "Cálculo do ISSQN": inscrição municipal and the service totals. */
export function drawIssqn(ctx: DrawContext, y: number): number {
  const t = ctx.nfe.issqn;
  if (!t) return y;
  const { canvas } = ctx;
  canvas.blockTitle('CÁLCULO DO ISSQN', LEFT, y);
  const row = y + BLOCK_TITLE_HEIGHT;
  const w = WIDTH / 4;
  canvas.field(LEFT, row, w, 'INSCRIÇÃO MUNICIPAL', ctx.nfe.emitter.im ?? '');
  canvas.field(LEFT + w, row, w, 'VALOR TOTAL DOS SERVIÇOS', formatMoney(t.services), {
    align: 'right',
  });
  canvas.field(LEFT + 2 * w, row, w, 'BASE DE CÁLCULO DO ISSQN', formatMoney(t.base), {
    align: 'right',
  });
  canvas.field(LEFT + 3 * w, row, w, 'VALOR DO ISSQN', formatMoney(t.issqn), { align: 'right' });
  return row + FIELD_HEIGHT;
}
