import { signOf } from '../decimal.js';
import type { IssueList } from '../validate/issues.js';
import { checkLiteral } from '../validate/text.js';
import { accumulate, type Totals } from './item-totals.js';
import { mismatch, need, type TaxLine } from './tax-lines.js';

const ALIQ: readonly string[] = ['01', '02'] as const;
const NT: readonly string[] = ['04', '05', '06', '07', '08', '09'] as const;
// PISOutr/COFINSOutr CSTs (leiauteNFe_v4.00.xsd). CST 03 (PISQtde, by quantity) has no place in
// the tax-line table, so it is not accepted.
const OUTR = [
  '49', '50', '51', '52', '53', '54', '55', '56', '60', '61', '62', '63', '64', '65', '66', '67',
  '70', '71', '72', '73', '74', '75', '98', '99',
] as const;

/**
 * `<PIS>` or `<COFINS>`: the Aliq group (CST 01, 02), NT (04–09) or Outr (49–99) with
 * vBC, pPIS/pCOFINS and vPIS/vCOFINS from the line.
 */
export function renderPisCofins(issues: IssueList, line: TaxLine, tax: 'PIS' | 'COFINS', totals: Totals): string {
  const cst = checkLiteral(issues, line.path, 'cst', line.raw.cst, [...ALIQ, ...NT, ...OUTR]);
  if (!cst) return '';
  if ((NT).includes(cst)) {
    if (line.valor && signOf(line.valor.value) !== 0) mismatch(issues, line, `${tax} CST ${cst} is not taxed (${tax}NT): valor must be 0`);
    return `<${tax}><${tax}NT><CST>${cst}</CST></${tax}NT></${tax}>`;
  }
  const group = (ALIQ).includes(cst) ? `${tax}Aliq` : `${tax}Outr`;
  const vBC = need(issues, line, 'baseCalc', 'base_calc', group);
  const rate = need(issues, line, 'aliquota', 'aliquota', group);
  const value = need(issues, line, 'valor', 'valor', group);
  accumulate(totals, tax === 'PIS' ? 'vPIS' : 'vCOFINS', line.valor);
  return `<${tax}><${group}><CST>${cst}</CST><vBC>${vBC}</vBC><p${tax}>${rate}</p${tax}><v${tax}>${value}</v${tax}></${group}></${tax}>`;
}
