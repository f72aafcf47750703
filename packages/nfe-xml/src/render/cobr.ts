import { compareDecimals, type Decimal, subtractDecimals, sumDecimals } from '../decimal.js';
import type { IssuePath } from '../errors.js';
import type { NfeCobranca, NfeDuplicata, NfeFatura } from '../types-cobranca.js';
import { element } from '../xml-escape.js';
import { checkDecimal, formatAs, layoutValue, MONEY } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { checkLayoutDate } from '../validate/layout-date.js';
import { type Rejection, ruleIssue } from '../validate/sefaz-rule.js';
import { checkText, given } from '../validate/text.js';
import { checkDueDates } from './cobr-due-dates.js';

/** cobr/dup{0..120}. */
export const MAX_DUPLICATAS = 120;

const FATURA: IssuePath = ['cobranca', 'fatura'];

const NET_VALUE: Rejection = {
  code: 902,
  text: 'Valor Líquido da Fatura difere do Valor Original menos o Valor do Desconto',
};
const NUMBERING: Rejection = { code: 852, text: 'Número da parcela inválido ou não informado' };
const INSTALMENTS_SUM: Rejection = {
  code: 851,
  text: 'Soma do valor das parcelas difere do Valor Líquido da Fatura',
};
const DUPLICATAS: IssuePath = ['cobranca', 'duplicatas'];
const INVOICE_MISSING: Rejection = { code: 905, text: 'Campos do grupo Fatura não informados' };

/** `<fat>`: nFat vOrig vDesc? vLiq, with vLiq = vOrig − vDesc (rejection 902). Returns vLiq. */
function renderFat(issues: IssueList, f: NfeFatura): { xml: string; vLiq?: Decimal } {
  const nFat = checkText(issues, FATURA, 'numero', f.numero, { min: 1, max: 60 });
  const vOrig = checkDecimal(issues, FATURA, 'valor_original', f.valor_original, MONEY);
  const vDesc = given(f.valor_desconto)
    ? checkDecimal(issues, FATURA, 'valor_desconto', f.valor_desconto, MONEY)
    : undefined;
  const vLiq = checkDecimal(issues, FATURA, 'valor_liquido', f.valor_liquido, MONEY);
  const discountOk = !given(f.valor_desconto) || vDesc !== undefined;
  if (vOrig !== undefined && vLiq !== undefined && discountOk) {
    const expected = subtractDecimals(
      layoutValue(vOrig),
      vDesc ? layoutValue(vDesc) : layoutValue('0'),
    );
    if (compareDecimals(expected, layoutValue(vLiq)) !== 0) {
      ruleIssue(
        issues,
        [...FATURA, 'valor_liquido'],
        NET_VALUE,
        `cobranca.fatura.valor_liquido ${vLiq} should be valor_original − valor_desconto = ${formatAs(expected, MONEY)}`,
      );
    }
  }
  const xml =
    `<fat>${element('nFat', nFat ?? '')}<vOrig>${vOrig ?? ''}</vOrig>` +
    `${given(f.valor_desconto) ? `<vDesc>${vDesc ?? ''}</vDesc>` : ''}<vLiq>${vLiq ?? ''}</vLiq></fat>`;
  return vLiq === undefined ? { xml } : { xml, vLiq: layoutValue(vLiq) };
}

/** The instalment number SEFAZ expects at position `index`: 001, 002, … (rejection 852). */
function expectedNumber(index: number): string {
  return String(index + 1).padStart(3, '0');
}

/** Every `<dup>`: nDup dVenc vDup. Returns their values when all are valid. */
function renderDups(
  issues: IssueList,
  dups: readonly NfeDuplicata[],
): { xml: string; values?: Decimal[]; dates: (string | undefined)[] } {
  let xml = '';
  const values: Decimal[] = [];
  const dates: (string | undefined)[] = [];
  let allValues = true;
  for (let i = 0; i < Math.min(dups.length, MAX_DUPLICATAS); i++) {
    const dup = dups[i] as NfeDuplicata;
    const path = [...DUPLICATAS, i];
    const nDup = checkText(issues, path, 'numero', dup.numero, { min: 1, max: 60 });
    if (nDup !== undefined && nDup !== expectedNumber(i)) {
      ruleIssue(
        issues,
        [...path, 'numero'],
        NUMBERING,
        `cobranca.duplicatas are numbered 001, 002, … in order; this one should be ${expectedNumber(i)}`,
      );
    }
    const dVenc = checkLayoutDate(issues, path, 'vencimento', dup.vencimento);
    dates.push(dVenc);
    // TDec_1302Opc: an instalment is above zero.
    const vDup = checkDecimal(issues, path, 'valor', dup.valor, { ...MONEY, sign: 'positive' });
    if (vDup === undefined) allValues = false;
    else values.push(layoutValue(vDup));
    xml += `<dup>${element('nDup', nDup ?? '')}<dVenc>${dVenc ?? ''}</dVenc><vDup>${vDup ?? ''}</vDup></dup>`;
  }
  return allValues ? { xml, values, dates } : { xml, dates };
}

/**
 * `<cobr>`: fat? dup{0..120}, with the rules SEFAZ checks on them: numbering (852), due dates
 * (850; 900, 853 and 797 against the date of issue, when the document is rendered), the
 * instalments adding up to the invoice's net value (851) and the net value itself (902). Absent,
 * nothing.
 */
export function renderCobr(issues: IssueList, c: NfeCobranca | null | undefined): string {
  if (!given(c)) return '';
  const dups = given(c.duplicatas) ? c.duplicatas : [];
  if (!Array.isArray(dups)) {
    issues.add(DUPLICATAS, 'list_type', 'Input should be a valid list');
    return '';
  }
  if (!given(c.fatura)) {
    // Y01-20: a cobr names its invoice (nFat, vOrig, vLiq), with or without instalments.
    ruleIssue(
      issues,
      FATURA,
      INVOICE_MISSING,
      'cobranca needs its fatura (numero, valor_original, valor_liquido), which the duplicatas add up to',
    );
  }
  if (dups.length > MAX_DUPLICATAS) {
    issues.add(
      DUPLICATAS,
      'too_long',
      `List should have at most ${MAX_DUPLICATAS} items (dup{0..120})`,
    );
  }
  const fat = given(c.fatura) ? renderFat(issues, c.fatura) : undefined;
  const rendered = renderDups(issues, dups);
  checkDueDates(issues, rendered.dates);
  if (dups.length > 0 && fat?.vLiq && rendered.values) {
    const sum = sumDecimals(rendered.values);
    if (compareDecimals(sum, fat.vLiq) !== 0) {
      ruleIssue(
        issues,
        DUPLICATAS,
        INSTALMENTS_SUM,
        `cobranca.duplicatas add up to ${formatAs(sum, MONEY)}, not cobranca.fatura.valor_liquido ${formatAs(fat.vLiq, MONEY)}`,
      );
    }
  }
  return `<cobr>${fat?.xml ?? ''}${rendered.xml}</cobr>`;
}
