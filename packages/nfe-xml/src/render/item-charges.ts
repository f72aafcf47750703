import { compareDecimals } from '../decimal.js';
import type { IssuePath } from '../errors.js';
import type { NfeItem } from '../types.js';
import { checkDecimal, layoutValue } from '../validate/decimal-field.js';
import { isZeroText, OPTIONAL_MONEY } from '../validate/item-decimal-kinds.js';
import type { IssueList } from '../validate/issues.js';
import { ruleIssue } from '../validate/sefaz-rule.js';
import { checkLiteral, given } from '../validate/text.js';
import { accumulate, type MoneySum, type Totals } from './item-totals.js';

const IND_TOT = ['0', '1'] as const;
/** The plain item's tail of `<prod>`: no charges, vProd counted in the total. */
export const PLAIN_CHARGES = '<indTot>1</indTot>';

/** Whether the item has any of the charges or indTot (the plain item has none). */
export function hasItemCharges(item: NfeItem): boolean {
  return (
    given(item.valor_frete) ||
    given(item.valor_seguro) ||
    given(item.valor_desconto) ||
    given(item.valor_outras_despesas) ||
    given(item.incluir_no_total)
  );
}

/**
 * Whether the item's vProd counts in ICMSTot/vProd (indTot 1, the default). Only vProd follows
 * indTot: the item's freight, insurance, discount and other charges are summed either way (W08–W12
 * add up every item's fields), as SEFAZ's vNF does.
 */
export function includedInTotal(issues: IssueList, path: IssuePath, item: NfeItem): boolean {
  if (!given(item.incluir_no_total)) return true;
  return checkLiteral(issues, path, 'incluir_no_total', item.incluir_no_total, IND_TOT) !== '0';
}

/** One optional charge: checked, added to its total, written when above 0 (TDec_1302Opc). */
function charge(
  issues: IssueList,
  path: IssuePath,
  key: string,
  value: unknown,
  sum: MoneySum,
  tag: string,
): string | undefined {
  if (!given(value)) return undefined;
  const text = checkDecimal(issues, path, key, value, OPTIONAL_MONEY);
  if (text === undefined || isZeroText(text)) return undefined;
  accumulate(sum, text);
  return `<${tag}>${text}</${tag}>`;
}

/**
 * `vFrete? vSeg? vDesc? vOutro? indTot` of `<prod>`, each value added to its ICMSTot sum (and so to
 * vNF and, in an IBS/CBS document, to the item's vItem). A 0 is written as no element, since the
 * layout's optional money must be above 0. The discount may not exceed vProd (I17-10, 483).
 */
export function renderItemCharges(
  issues: IssueList,
  path: IssuePath,
  item: NfeItem,
  vProd: string | undefined,
  included: boolean,
  totals: Totals,
): string {
  const vFrete = charge(issues, path, 'valor_frete', item.valor_frete, totals.vFrete, 'vFrete');
  const vSeg = charge(issues, path, 'valor_seguro', item.valor_seguro, totals.vSeg, 'vSeg');
  let vDesc: string | undefined;
  if (given(item.valor_desconto)) {
    const text = checkDecimal(issues, path, 'valor_desconto', item.valor_desconto, OPTIONAL_MONEY);
    if (text !== undefined && !isZeroText(text)) {
      if (vProd && compareDecimals(layoutValue(text), layoutValue(vProd)) > 0)
        ruleIssue(
          issues,
          [...path, 'valor_desconto'],
          { code: 483, text: 'Valor do desconto maior que valor do produto' },
          `the discount ${text} is above the item's value vProd ${vProd}`,
        );
      accumulate(totals.vDesc, text);
      vDesc = `<vDesc>${text}</vDesc>`;
    }
  }
  const vOutro = charge(
    issues,
    path,
    'valor_outras_despesas',
    item.valor_outras_despesas,
    totals.vOutro,
    'vOutro',
  );
  return `${vFrete ?? ''}${vSeg ?? ''}${vDesc ?? ''}${vOutro ?? ''}<indTot>${included ? '1' : '0'}</indTot>`;
}
