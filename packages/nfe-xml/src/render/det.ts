import type { NfeItem } from '../types.js';
import type { IssueList } from '../validate/issues.js';
import { checkLiteral, given } from '../validate/text.js';
import { renderIcms } from './icms.js';
import { renderIcmsUfDest } from './icms-uf-dest.js';
import { renderIpi } from './ipi.js';
import { fiscalPath as fiscalPathOf, tributosPath as tributosPathOf } from './item-paths.js';
import type { Totals } from './item-totals.js';
import { renderPisCofins } from './pis-cofins.js';
import { renderProd } from './prod.js';
import { readTaxLines } from './tax-lines.js';

const ORIGINS = ['0', '1', '2', '3', '4', '5', '6', '7', '8'] as const;

export interface DetContext {
  readonly issues: IssueList;
  readonly simples: boolean;
  readonly interstate: boolean;
  readonly totals: Totals;
}

/**
 * One `<det nItem="n">`: prod, then imposto in layout order — ICMS, IPI?, PIS?, COFINS?,
 * ICMSUFDest? (leiauteNFe_v4.00.xsd, det/imposto).
 */
export function renderDet(ctx: DetContext, item: NfeItem, index: number): string {
  const { issues, totals } = ctx;
  const fiscalPath = fiscalPathOf(index);
  const lines = readTaxLines(issues, index, item.fiscal_result.tributos ?? []);
  const orig = given(item.fiscal_result.origem)
    ? (checkLiteral(issues, fiscalPath, 'origem', item.fiscal_result.origem, ORIGINS) ?? '')
    : '0';
  const prod = renderProd(issues, index, item, lines.icms, totals);
  const icms = renderIcms({
    issues,
    fiscalPath,
    simples: ctx.simples,
    fiscalCst: item.fiscal_result.cst,
    fiscalCsosn: item.fiscal_result.csosn,
    orig,
    lines,
    totals,
  });
  const ipi = lines.ipi ? renderIpi(issues, lines.ipi, totals) : '';
  const pis = lines.pis ? renderPisCofins(issues, lines.pis, 'PIS', totals) : '';
  const cofins = lines.cofins ? renderPisCofins(issues, lines.cofins, 'COFINS', totals) : '';
  const difal = lines.icms_uf_dest
    ? renderIcmsUfDest(
        issues,
        lines.icms_uf_dest,
        lines.icms,
        ctx.interstate,
        tributosPathOf(index),
        totals,
      )
    : '';
  // Joined, not concatenated: `join` copies the pieces into one flat string, so the many small
  // strings the groups were built from die young instead of living, as a rope of thousands of
  // nodes per document, until the whole document is finished (the scavenger copied them all).
  return [
    `<det nItem="${index + 1}">`,
    prod,
    '<imposto>',
    icms,
    ipi,
    pis,
    cofins,
    difal,
    '</imposto></det>',
  ].join('');
}
