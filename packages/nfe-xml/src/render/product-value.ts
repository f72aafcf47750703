import { multiplyDecimals, roundDecimal } from '../decimal.js';
import type { IssuePath } from '../errors.js';
import {
  checkComputed,
  type LayoutDecimal,
  layoutValue,
  MONEY,
} from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { CENTS_LIMIT, centsText, type MoneySum } from './item-totals.js';

const POINT = 46;
const ZERO_CHAR = 48;
/** Integers up to 15 digits are exact as Numbers (10^15 < 2^53). */
const MAX_EXACT_DIGITS = 15;
const POWERS_OF_TEN = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
];

/** The digits of layout text read as one integer ("19.99" → 1999); exact for up to 15 digits. */
function coefficient(text: LayoutDecimal): number {
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== POINT) value = value * 10 + (c - ZERO_CHAR);
  }
  return value;
}

function places(text: LayoutDecimal): number {
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}

function digitCount(text: LayoutDecimal): number {
  return text.includes('.') ? text.length - 1 : text.length;
}

/**
 * round(quantity × price, 2) in whole cents, half up, when the product is exact in a Number (below
 * 2^53) and fits TDec_1302; `undefined` otherwise. Both operands are positive layout text.
 */
function productCents(quantity: LayoutDecimal, price: LayoutDecimal): number | undefined {
  if (digitCount(quantity) > MAX_EXACT_DIGITS || digitCount(price) > MAX_EXACT_DIGITS)
    return undefined;
  // A product of exact integers rounds monotonically, so a result below 2^53 is the exact product.
  const product = coefficient(quantity) * coefficient(price);
  if (product >= Number.MAX_SAFE_INTEGER) return undefined;
  const scale = places(quantity) + places(price);
  let cents: number;
  if (scale <= 2) {
    cents = product * (POWERS_OF_TEN[2 - scale] ?? 1);
  } else {
    const divisor = POWERS_OF_TEN[scale - 2] ?? Infinity;
    // `%` of integral Numbers is exact, so the quotient and the half-up test are exact too.
    const remainder = product % divisor;
    cents = (product - remainder) / divisor;
    if (remainder * 2 >= divisor) cents += 1;
  }
  return cents < CENTS_LIMIT ? cents : undefined;
}

/**
 * vProd = qCom × vUnCom rounded half up to cents (SEFAZ 629), added to `sum` (the vProd total, or a
 * sum of its own for an item outside it, indTot 0). Computed in
 * whole cents when that is exact — every realistic item — which spares the BigInt multiplication,
 * rounding and formatting; the exact decimal path takes the rest and reports a vProd beyond the layout.
 */
export function productValue(
  issues: IssueList,
  path: IssuePath,
  quantity: LayoutDecimal,
  price: LayoutDecimal,
  sum: MoneySum,
): string | undefined {
  const cents = productCents(quantity, price);
  if (cents !== undefined) {
    sum.addCents(cents);
    return centsText(cents);
  }
  const product = roundDecimal(multiplyDecimals(layoutValue(quantity), layoutValue(price)), 2);
  sum.addDecimal(product);
  return checkComputed(
    issues,
    [...path, 'valor_unitario'],
    product,
    MONEY,
    'quantidade × valor_unitario',
  );
}
