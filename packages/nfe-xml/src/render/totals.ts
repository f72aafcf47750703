import { addDecimals, type Decimal, subtractDecimals } from '../decimal.js';
import { checkComputed, MONEY } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { CENTS_LIMIT, centsText, type MoneySum, TOTAL_FIELDS, type Totals } from './item-totals.js';
import { approximateTaxTotal, monophaseTotals } from './optional-totals.js';

/**
 * vNF = vProd − vDesc − vICMSDeson + vST + vFCPST + vICMSMonoReten + vFrete + vSeg + vOutro + vII
 * + vIPI + vIPIDevol + vPIS-ST + vCOFINS-ST (docs/api-rules.md "Totals and payment"; rejection 610). Only the vICMSDeson of
 * items with indDeduzDeson 1 is deducted (NT 2023.004), only the PIS-ST/COFINS-ST of items with
 * indSomaPISST / indSomaCOFINSST 1 is added (NT 2020.005).
 */
export function totalInvoice(t: Totals): Decimal {
  let v = subtractDecimals(
    subtractDecimals(t.vProd.value, t.vDesc.value),
    t.vICMSDesonDeduzido.value,
  );
  for (const sum of [
    t.vST,
    t.vFCPST,
    t.vICMSMonoReten,
    t.vFrete,
    t.vSeg,
    t.vOutro,
    t.vII,
    t.vIPI,
    t.vIPIDevol,
    t.vPISSTSomado,
    t.vCOFINSSTSomado,
  ])
    if (!sum.isZero) v = addDecimals(v, sum.value);
  return v;
}

/** A money total as TDec_1302 text; an issue when it does not fit. */
function moneyTotal(issues: IssueList, sum: MoneySum, field: string): string {
  const cents = sum.wholeCents;
  if (cents !== undefined && cents < CENTS_LIMIT) return centsText(cents);
  return checkComputed(issues, ['itens'], sum.value, MONEY, `total ${field}`) ?? '';
}

/**
 * `<total><ICMSTot>…</ICMSTot>…</total>`: every field the sum of the item fields, then vNF; `after`
 * (ISTot, IBSCBSTot, vNFTot) follows ICMSTot. IBS/CBS/IS never enter vNF (RV VB01-10: not in 2026;
 * from 2027 NT 2026.008 counts them inside vProd).
 */
export function renderTotals(issues: IssueList, totals: Totals, vNF: Decimal, after = ''): string {
  let body = '';
  for (const field of TOTAL_FIELDS) {
    body += `<${field}>${moneyTotal(issues, totals[field], field)}</${field}>`;
    if (field === 'vFCPSTRet') body += monophaseTotals(issues, totals);
    if (field === 'vOutro')
      body += `<vNF>${checkComputed(issues, ['itens'], vNF, MONEY, 'total vNF') ?? ''}</vNF>`;
  }
  body += approximateTaxTotal(issues, totals);
  return `<total><ICMSTot>${body}</ICMSTot>${after}</total>`;
}
