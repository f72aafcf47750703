import { MONEY } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { accumulate, type Totals } from './item-totals.js';
import { lineDecimal } from './tax-line-values.js';
import { mismatch, need, type TaxLine } from './tax-lines.js';

/**
 * det/imposto/II, the import tax of an import entry: `base_calc` → vBC, `valor_despesas_aduaneiras`
 * → vDespAdu, `valor` → vII (summed into ICMSTot/vII, which vNF adds), `valor_iof` → vIOF. The
 * import tax belongs to goods entering from abroad, so the item's CFOP starts with 3.
 */
export function renderIi(issues: IssueList, line: TaxLine, cfop: unknown, totals: Totals): string {
  if (typeof cfop === 'string' && !cfop.startsWith('3'))
    mismatch(
      issues,
      line,
      `II (imposto de importação) is charged on goods imported: the item's CFOP (${cfop}) must start with 3`,
    );
  const vBC = need(issues, line, line.baseCalc, 'base_calc', 'II');
  const vII = need(issues, line, line.valor, 'valor', 'II');
  const charges = line.special
    ? lineDecimal(issues, line, 'valor_despesas_aduaneiras', MONEY)
    : undefined;
  const iof = line.special ? lineDecimal(issues, line, 'valor_iof', MONEY) : undefined;
  accumulate(totals.vII, line.valor);
  return `<II><vBC>${vBC}</vBC><vDespAdu>${charges ?? '0.00'}</vDespAdu><vII>${vII}</vII><vIOF>${iof ?? '0.00'}</vIOF></II>`;
}
