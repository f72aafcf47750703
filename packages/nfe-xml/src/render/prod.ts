import type { IssuePath } from '../errors.js';
import { escapeText } from '../xml-escape.js';
import type { NfeItem } from '../types.js';
import {
  checkDecimal,
  type DecimalKind,
  MONEY,
  QUANTITY,
  UNIT_PRICE,
} from '../validate/decimal-field.js';
import { CFOP, digits } from '../validate/digits.js';
import type { IssueList } from '../validate/issues.js';
import { checkPattern, checkText, given, type TextRule } from '../validate/text.js';
import {
  hasItemCharges,
  includedInTotal,
  PLAIN_CHARGES,
  renderItemCharges,
} from './item-charges.js';
import { fiscalPath, itemPath } from './item-paths.js';
import { MoneySum, type Totals } from './item-totals.js';
import { type ProductGroupsContext, renderProductGroups } from './product-groups.js';
import {
  hasProductCodes,
  NO_PRODUCT_CODES,
  type ProductCodesContext,
  renderProductCodes,
} from './product-codes.js';
import { productValue } from './product-value.js';
import type { TaxLine } from './tax-lines.js';

const NCM = digits(8);
const CEST = digits(7);
const GTIN = digits(8, 12, 13, 14);
/** TDec_1203 (transp/vol pesoB, pesoL). */
const WEIGHT: DecimalKind = { ...MONEY, maxPlaces: 3, name: 'TDec_1203' };
const CBENEF = /^([!-ÿ]{8}|[!-ÿ]{10}|SEM CBENEF)$/;
const CODE: TextRule = { min: 1, max: 60 };
const DESCRIPTION: TextRule = { min: 1, max: 120 };
const UNIT: TextRule = { min: 1, max: 6 };
const EX_TIPI = digits(2, 3);

/** What `<prod>` needs of the document. */
export interface ProdContext extends ProductGroupsContext, ProductCodesContext {
  readonly totals: Totals;
}

/** `<prod>` and what the item's other parts need of it. */
export interface RenderedProd {
  readonly xml: string;
  /** vProd as written ('' when the request's values could not give one). */
  readonly vProd: string;
  /** indTot 1: vProd counts in ICMSTot/vProd (and the item in vNFTot). */
  readonly included: boolean;
}

/** GS1 check digit (weights 3,1 from the right); SEFAZ rejects a wrong one (611/612). */
function gtinCheckDigitOk(gtin: string): boolean {
  let sum = 0;
  for (let i = gtin.length - 2, w = 3; i >= 0; i--, w = w === 3 ? 1 : 3)
    sum += (gtin.charCodeAt(i) - 48) * w;
  return (10 - (sum % 10)) % 10 === gtin.charCodeAt(gtin.length - 1) - 48;
}

function checkGtin(
  issues: IssueList,
  itemPath: IssuePath,
  gtin: string | null | undefined,
): string {
  if (!given(gtin)) return 'SEM GTIN';
  const value = checkPattern(
    issues,
    itemPath,
    'gtin',
    gtin,
    GTIN,
    'a GTIN of 8, 12, 13 or 14 digits',
  );
  if (value && !gtinCheckDigitOk(value)) {
    issues.at(itemPath, 'gtin', 'gtin_check_digit', 'GTIN check digit is wrong');
  }
  return value ?? '';
}

/**
 * `<prod>`: cEAN/cEANTrib `SEM GTIN` without a GTIN; vProd = qCom × vUnCom rounded half-up to cents
 * (SEFAZ 629); qTrib/vUnTrib repeat qCom/vUnCom (same unit basis); the item's charges and indTot
 * (default 1, counts in vProd); then its order, foreign-trade, batch and specific product groups.
 */
export function renderProd(
  ctx: ProdContext,
  index: number,
  item: NfeItem,
  icmsLine: TaxLine | undefined,
): RenderedProd {
  const { issues, totals } = ctx;
  const path = itemPath(index);
  const cProd = checkText(issues, path, 'codigo', item.codigo, CODE);
  const xProd = checkText(issues, path, 'descricao', item.descricao, DESCRIPTION);
  const ncm = checkPattern(issues, path, 'ncm', item.ncm, NCM, '8 digits (NCM)');
  checkPattern(
    issues,
    path,
    'cfop',
    item.cfop,
    CFOP,
    '4 digits starting with 1, 2, 3, 5, 6 or 7 (CFOP)',
  );
  // The tax engine's CFOP is the one that goes to the document (as its CST/CSOSN do).
  const cfop = checkPattern(
    issues,
    fiscalPath(index),
    'cfop',
    item.fiscal_result.cfop,
    CFOP,
    '4 digits starting with 1, 2, 3, 5, 6 or 7 (CFOP)',
  );
  const uCom = checkText(issues, path, 'unidade_comercial', item.unidade_comercial, UNIT);
  const uTrib = checkText(issues, path, 'unidade_tributavel', item.unidade_tributavel, UNIT);
  const quantity = checkDecimal(issues, path, 'quantidade', item.quantidade, QUANTITY);
  const price = checkDecimal(issues, path, 'valor_unitario', item.valor_unitario, UNIT_PRICE);
  const cean = checkGtin(issues, path, item.gtin);
  const cest = given(item.cest)
    ? checkPattern(issues, path, 'cest', item.cest, CEST, '7 digits (CEST)')
    : undefined;
  // cBenef comes from the item's icms line.
  const cBenef = icmsLine?.raw.codigo_beneficio;
  const benef =
    icmsLine && given(cBenef)
      ? checkPattern(
          issues,
          icmsLine.path,
          'codigo_beneficio',
          cBenef,
          CBENEF,
          '8 or 10 characters or SEM CBENEF (cBenef)',
        )
      : undefined;
  // Not written (no transp/vol group), but still decimals the request promised.
  if (given(item.peso_bruto_kg))
    checkDecimal(issues, path, 'peso_bruto_kg', item.peso_bruto_kg, WEIGHT);
  if (given(item.peso_liquido_kg))
    checkDecimal(issues, path, 'peso_liquido_kg', item.peso_liquido_kg, WEIGHT);
  const exTipi = given(item.ex_tipi)
    ? checkPattern(issues, path, 'ex_tipi', item.ex_tipi, EX_TIPI, '2 or 3 digits (EXTIPI)')
    : undefined;
  // An item outside the total (indTot 0) sums its vProd apart: only its own vItem counts it.
  const charged = hasItemCharges(item);
  const included = charged ? includedInTotal(issues, path, item) : true;
  const vProd =
    quantity !== undefined && price !== undefined
      ? (productValue(issues, path, quantity, price, included ? totals.vProd : new MoneySum()) ??
        '')
      : '';
  const charges = charged
    ? renderItemCharges(issues, path, item, vProd, included, totals)
    : PLAIN_CHARGES;
  const groups = renderProductGroups(ctx, index, item, cfop, quantity);
  const codes = hasProductCodes(item)
    ? renderProductCodes(ctx, path, item, given(item.cest))
    : NO_PRODUCT_CODES;
  const xml =
    `<prod><cProd>${escapeText(cProd ?? '')}</cProd><cEAN>${cean}</cEAN>${codes.cBarra}<xProd>${escapeText(xProd ?? '')}</xProd>` +
    `<NCM>${ncm ?? ''}</NCM>${codes.nve}${cest ? `<CEST>${cest}</CEST>${codes.scale}` : ''}` +
    `${benef ? `<cBenef>${escapeText(benef)}</cBenef>` : ''}${codes.credits}${exTipi ? `<EXTIPI>${exTipi}</EXTIPI>` : ''}` +
    `<CFOP>${cfop ?? ''}</CFOP><uCom>${escapeText(uCom ?? '')}</uCom><qCom>${quantity ?? ''}</qCom>` +
    `<vUnCom>${price ?? ''}</vUnCom><vProd>${vProd}</vProd><cEANTrib>${cean}</cEANTrib>${codes.cBarraTrib}` +
    `<uTrib>${escapeText(uTrib ?? '')}</uTrib><qTrib>${quantity ?? ''}</qTrib><vUnTrib>${price ?? ''}</vUnTrib>` +
    `${charges}${codes.usedGood}${groups}</prod>`;
  return { xml, vProd, included };
}
