import type { IssueList } from '../validate/issues.js';
import { isZeroText } from '../validate/item-decimal-kinds.js';
import { given } from '../validate/text.js';
import { accumulate, type Totals } from './item-totals.js';
import { lineFlag } from './tax-line-values.js';
import { byQuantity, quantityFieldsGiven } from './tax-quantity.js';
import { mismatch, need, type TaxLine } from './tax-lines.js';

/**
 * `<PISST>` / `<COFINSST>` (PIS and COFINS charged by substitution): vBC pPIS (or qBCProd
 * vAliqProd by quantity), vPIS, then indSomaPISST when the line says whether the value is part of
 * vNF (`compoe_total`; with `1` it is added to vNF and vItem). The groups have no CST and no total
 * field of their own.
 */
export function renderPisCofinsSt(
  issues: IssueList,
  line: TaxLine,
  tax: 'PIS' | 'COFINS',
  totals: Totals,
): string {
  const name = `${tax}ST`;
  if (given(line.raw.cst)) mismatch(issues, line, `${name} has no CST`);
  const value = need(issues, line, line.valor, 'valor', name);
  let base: string;
  if (quantityFieldsGiven(line)) {
    const { quantity, rate } = byQuantity(issues, line, name, 'aliquota');
    base = `<qBCProd>${quantity}</qBCProd><vAliqProd>${rate}</vAliqProd>`;
  } else {
    const vBC = need(issues, line, line.baseCalc, 'base_calc', name);
    // vBC of PISST/COFINSST is TDec_1302Opc: above 0.
    if (line.baseCalc !== undefined && isZeroText(line.baseCalc))
      issues.at(
        line.path,
        'base_calc',
        'greater_than',
        `Input should be greater than 0 (${name}/vBC, TDec_1302Opc)`,
      );
    const rate = need(issues, line, line.aliquota, 'aliquota', name);
    base = `<vBC>${vBC}</vBC><p${tax}>${rate}</p${tax}>`;
  }
  const adds = line.special ? lineFlag(issues, line, undefined) : undefined;
  if (adds === '1')
    accumulate(tax === 'PIS' ? totals.vPISSTSomado : totals.vCOFINSSTSomado, line.valor);
  const flag = adds === undefined ? '' : `<indSoma${name}>${adds}</indSoma${name}>`;
  return `<${name}>${base}<v${tax}>${value}</v${tax}>${flag}</${name}>`;
}
