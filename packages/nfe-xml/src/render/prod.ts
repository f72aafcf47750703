import { multiplyDecimals, roundDecimal } from '../decimal.js';
import type { IssuePath } from '../errors.js';
import { escapeText } from '../xml-escape.js';
import type { NfeItem } from '../types.js';
import { checkComputed, checkDecimal, type DecimalKind, MONEY, QUANTITY, UNIT_PRICE } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { checkPattern, checkText, given } from '../validate/text.js';
import { accumulateExact, type Totals } from './item-totals.js';

const NCM = /^\d{8}$/;
const CFOP = /^[1235-7]\d{3}$/;
const CEST = /^\d{7}$/;
const GTIN = /^(\d{8}|\d{12,14})$/;
/** TDec_1203 (transp/vol pesoB, pesoL). */
const WEIGHT: DecimalKind = { ...MONEY, maxPlaces: 3, name: 'TDec_1203' };
const CBENEF = /^([!-ÿ]{8}|[!-ÿ]{10}|SEM CBENEF)$/;

/** GS1 check digit (weights 3,1 from the right); SEFAZ rejects a wrong one (611/612). */
function gtinCheckDigitOk(gtin: string): boolean {
  let sum = 0;
  for (let i = gtin.length - 2, w = 3; i >= 0; i--, w = w === 3 ? 1 : 3) sum += (gtin.charCodeAt(i) - 48) * w;
  return (10 - (sum % 10)) % 10 === gtin.charCodeAt(gtin.length - 1) - 48;
}

function checkGtin(issues: IssueList, itemPath: IssuePath, gtin: string | null | undefined): string {
  if (!given(gtin)) return 'SEM GTIN';
  const value = checkPattern(issues, itemPath, 'gtin', gtin, GTIN, 'a GTIN of 8, 12, 13 or 14 digits');
  if (value && !gtinCheckDigitOk(value)) {
    issues.at(itemPath, 'gtin', 'gtin_check_digit', 'GTIN check digit is wrong');
  }
  return value ?? '';
}

/**
 * `<prod>`: cEAN/cEANTrib `SEM GTIN` without a GTIN; vProd = qCom × vUnCom rounded half-up to cents
 * (SEFAZ 629); qTrib/vUnTrib repeat qCom/vUnCom (same unit basis); indTot 1 (counts in vProd).
 */
export function renderProd(
  issues: IssueList,
  path: IssuePath,
  fiscalPath: IssuePath,
  item: NfeItem,
  cBenef: { value: string | null | undefined; parent: IssuePath },
  totals: Totals,
): string {
  const cProd = checkText(issues, path, 'codigo', item.codigo, { min: 1, max: 60 });
  const xProd = checkText(issues, path, 'descricao', item.descricao, { min: 1, max: 120 });
  const ncm = checkPattern(issues, path, 'ncm', item.ncm, NCM, '8 digits (NCM)');
  checkPattern(issues, path, 'cfop', item.cfop, CFOP, '4 digits starting with 1, 2, 3, 5, 6 or 7 (CFOP)');
  // The tax engine's CFOP is the one that goes to the document (as its CST/CSOSN do).
  const cfop = checkPattern(issues, fiscalPath, 'cfop', item.fiscal_result.cfop, CFOP, '4 digits starting with 1, 2, 3, 5, 6 or 7 (CFOP)');
  const uCom = checkText(issues, path, 'unidade_comercial', item.unidade_comercial, { min: 1, max: 6 });
  const uTrib = checkText(issues, path, 'unidade_tributavel', item.unidade_tributavel, { min: 1, max: 6 });
  const quantity = checkDecimal(issues, path, 'quantidade', item.quantidade, QUANTITY);
  const price = checkDecimal(issues, path, 'valor_unitario', item.valor_unitario, UNIT_PRICE);
  const cean = checkGtin(issues, path, item.gtin);
  const cest = given(item.cest) ? checkPattern(issues, path, 'cest', item.cest, CEST, '7 digits (CEST)') : undefined;
  const benef = given(cBenef.value) ? checkPattern(issues, cBenef.parent, 'codigo_beneficio', cBenef.value, CBENEF, '8 or 10 characters or SEM CBENEF (cBenef)') : undefined;
  for (const field of ['peso_bruto_kg', 'peso_liquido_kg'] as const) {
    // Not written (no transp/vol group), but still a decimal the request promised.
    if (given(item[field])) checkDecimal(issues, path, field, item[field], WEIGHT);
  }
  let vProd = '';
  if (quantity && price) {
    const product = roundDecimal(multiplyDecimals(quantity.value, price.value), 2);
    vProd = checkComputed(issues, [...path, 'valor_unitario'], product, MONEY, 'quantidade × valor_unitario') ?? '';
    accumulateExact(totals, 'vProd', product);
  }
  return (
    `<prod><cProd>${escapeText(cProd ?? '')}</cProd><cEAN>${cean}</cEAN><xProd>${escapeText(xProd ?? '')}</xProd>` +
    `<NCM>${ncm ?? ''}</NCM>${cest ? `<CEST>${cest}</CEST>` : ''}${benef ? `<cBenef>${escapeText(benef)}</cBenef>` : ''}` +
    `<CFOP>${cfop ?? ''}</CFOP><uCom>${escapeText(uCom ?? '')}</uCom><qCom>${quantity?.text ?? ''}</qCom>` +
    `<vUnCom>${price?.text ?? ''}</vUnCom><vProd>${vProd}</vProd><cEANTrib>${cean}</cEANTrib>` +
    `<uTrib>${escapeText(uTrib ?? '')}</uTrib><qTrib>${quantity?.text ?? ''}</qTrib><vUnTrib>${price?.text ?? ''}</vUnTrib>` +
    `<indTot>1</indTot></prod>`
  );
}
