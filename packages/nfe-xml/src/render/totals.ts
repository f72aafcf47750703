import { addDecimals, type Decimal, subtractDecimals } from '../decimal.js';
import { checkComputed, MONEY } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { type SumField, TOTAL_FIELDS } from './item-totals.js';
import { approximateTaxTotal, monophaseTotals } from './optional-totals.js';

type Sums = Record<SumField, Decimal>;

/**
 * vNF = vProd − vDesc − vICMSDeson + vST + vFCPST + vICMSMonoReten + vFrete + vSeg + vOutro + vII
 * + vIPI + vIPIDevol + vPIS-ST + vCOFINS-ST (decisions.md; rejection 610). Only the vICMSDeson of
 * items with indDeduzDeson 1 is deducted (NT 2023.004), only the PIS-ST/COFINS-ST of items with
 * indSomaPISST / indSomaCOFINSST 1 is added (NT 2020.005).
 */
export function totalInvoice(t: Sums): Decimal {
  let v = subtractDecimals(subtractDecimals(t.vProd, t.vDesc), t.vICMSDesonDeduzido);
  for (const field of [
    'vST',
    'vFCPST',
    'vICMSMonoReten',
    'vFrete',
    'vSeg',
    'vOutro',
    'vII',
    'vIPI',
    'vIPIDevol',
    'vPISSTSomado',
    'vCOFINSSTSomado',
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
    if (field === 'vFCPSTRet') body += monophaseTotals(issues, totals);
    if (field === 'vOutro')
      body += `<vNF>${checkComputed(issues, ['itens'], vNF, MONEY, 'total vNF') ?? ''}</vNF>`;
  }
  body += approximateTaxTotal(issues, totals);
  return `<total><ICMSTot>${body}</ICMSTot>${after}</total>`;
}
