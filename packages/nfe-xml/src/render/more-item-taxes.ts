import type { IssueList } from '../validate/issues.js';
import { renderIi } from './ii.js';
import { accumulate, type Totals } from './item-totals.js';
import { renderPisCofinsSt } from './pis-cofins-st.js';
import { mismatch, type MoreTaxLines, need } from './tax-lines.js';

/** The det/imposto groups of the less common domains that stand outside ICMS. */
export interface MoreItemTaxes {
  /** imposto/vTotTrib, first in imposto. */
  readonly vTotTrib: string;
  /** imposto/II, after IPI. */
  readonly ii: string;
  /** imposto/PISST, after PIS. */
  readonly pisSt: string;
  /** imposto/COFINSST, after COFINS. */
  readonly cofinsSt: string;
}

/**
 * Renders an item's II, PIS-ST, COFINS-ST and vTotTrib (the approximate tax burden of Lei 12.741,
 * summed into ICMSTot/vTotTrib). A credit or debit note carries only IBS/CBS (B25-80): there every
 * line of these domains but vTotTrib is a 422, the ICMS ones included (no ICMS group is written).
 */
export function renderMoreItemTaxes(
  issues: IssueList,
  more: MoreTaxLines,
  cfop: unknown,
  onlyIbsCbs: boolean | undefined,
  totals: Totals,
): MoreItemTaxes {
  const approximate = more.tributos_aproximados;
  let vTotTrib = '';
  if (approximate) {
    vTotTrib = `<vTotTrib>${need(issues, approximate, approximate.valor, 'valor', 'vTotTrib')}</vTotTrib>`;
    accumulate(totals.vTotTrib, approximate.valor);
  }
  if (onlyIbsCbs) {
    for (const line of Object.values(more))
      if (line && line !== approximate)
        mismatch(
          issues,
          line,
          'a credit or debit note (fin_nfe 5/6) carries only IBS/CBS (B25-80)',
        );
    return { vTotTrib, ii: '', pisSt: '', cofinsSt: '' };
  }
  return {
    vTotTrib,
    ii: more.ii ? renderIi(issues, more.ii, cfop, totals) : '',
    pisSt: more.pis_st ? renderPisCofinsSt(issues, more.pis_st, 'PIS', totals) : '',
    cofinsSt: more.cofins_st ? renderPisCofinsSt(issues, more.cofins_st, 'COFINS', totals) : '',
  };
}
