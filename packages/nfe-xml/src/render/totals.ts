import { addDecimals, type Decimal, subtractDecimals } from '../decimal.js';
import { checkComputed, MONEY } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { TOTAL_FIELDS, type TotalField } from './item-totals.js';

type Sums = Record<TotalField, Decimal>;

/**
 * vNF = vProd − vDesc − vICMSDeson + vST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol
 * (decisions.md; rejection 610). Emissor writes no vICMSDeson deduction (no desoneração groups).
 */
export function totalInvoice(t: Sums): Decimal {
  let v = subtractDecimals(subtractDecimals(t.vProd, t.vDesc), t.vICMSDeson);
  for (const field of [
    'vST',
    'vFCPST',
    'vFrete',
    'vSeg',
    'vOutro',
    'vII',
    'vIPI',
    'vIPIDevol',
  ] as const)
    v = addDecimals(v, t[field]);
  return v;
}

/**
 * `<total><ICMSTot>…</ICMSTot>…</total>`: every field the sum of the item fields, then vNF; `after`
 * (ISTot, IBSCBSTot, vNFTot) follows ICMSTot. IBS/CBS/IS never enter vNF (RV VB01-10: not in 2026;
 * from 2027 NT 2026.008 counts them inside vProd).
 */
export function renderTotals(issues: IssueList, totals: Sums, vNF: Decimal, after = ''): string {
  let body = '';
  for (const field of TOTAL_FIELDS) {
    body += `<${field}>${checkComputed(issues, ['itens'], totals[field], MONEY, `total ${field}`) ?? ''}</${field}>`;
    if (field === 'vOutro')
      body += `<vNF>${checkComputed(issues, ['itens'], vNF, MONEY, 'total vNF') ?? ''}</vNF>`;
  }
  return `<total><ICMSTot>${body}</ICMSTot>${after}</total>`;
}
