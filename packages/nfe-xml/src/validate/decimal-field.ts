import {
  type Decimal,
  formatDecimal,
  fractionDigits,
  integerDigits,
  parseDecimal,
  signOf,
} from '../decimal.js';
import type { IssuePath } from '../errors.js';
import type { IssueList } from './issues.js';

/** A decimal layout type (tiposBasico_v4.00.xsd, domain doc §2.8). */
export interface DecimalKind {
  readonly name: string;
  readonly maxWholeDigits: number;
  readonly maxPlaces: number;
  /** Fractional digits written: at least `minOutPlaces`, more when the value has them. */
  readonly minOutPlaces: number;
  /** `positive`: > 0; `nonNegative`: ≥ 0. */
  readonly sign: 'positive' | 'nonNegative';
}

/** TDec_1302: money, 13 integer digits, written with exactly 2 places. */
export const MONEY: DecimalKind = { name: 'TDec_1302', maxWholeDigits: 13, maxPlaces: 2, minOutPlaces: 2, sign: 'nonNegative' };
/** TDec_1104v: quantity, 0–4 places; written with 4 as most emitters (and [S1]) do. */
export const QUANTITY: DecimalKind = { name: 'TDec_1104v', maxWholeDigits: 11, maxPlaces: 4, minOutPlaces: 4, sign: 'positive' };
/** TDec_1110v: unit price, 0–10 places. */
export const UNIT_PRICE: DecimalKind = { name: 'TDec_1110v', maxWholeDigits: 11, maxPlaces: 10, minOutPlaces: 2, sign: 'positive' };
/** TDec_0302a04: percentage, 3 integer digits, 2–4 places. */
export const PERCENT: DecimalKind = { name: 'TDec_0302a04', maxWholeDigits: 3, maxPlaces: 4, minOutPlaces: 2, sign: 'nonNegative' };

/** A checked decimal and its layout text. */
export interface CheckedDecimal {
  readonly value: Decimal;
  readonly text: string;
}

/** Writes a value already known to fit `kind`. */
export function formatAs(value: Decimal, kind: DecimalKind): string {
  return formatDecimal(value, Math.max(kind.minOutPlaces, fractionDigits(value)));
}

/**
 * Parses and checks decimal text against a layout type. Too many places is an issue, not a
 * rounding: the caller's tax engine owns the values (decisions.md, tax lines).
 */
export function checkDecimal(
  issues: IssueList,
  path: IssuePath,
  text: unknown,
  kind: DecimalKind,
): CheckedDecimal | undefined {
  if (typeof text !== 'string') {
    issues.add(path, text === undefined || text === null ? 'missing' : 'decimal_type', 'Field required as decimal text');
    return undefined;
  }
  const value = parseDecimal(text);
  if (!value) {
    issues.add(path, 'decimal_parsing', 'Input should be a valid decimal');
    return undefined;
  }
  const sign = signOf(value);
  if (kind.sign === 'positive' && sign <= 0) {
    issues.add(path, 'greater_than', 'Input should be greater than 0');
    return undefined;
  }
  if (kind.sign === 'nonNegative' && sign < 0) {
    issues.add(path, 'greater_than_equal', 'Input should be greater than or equal to 0');
    return undefined;
  }
  let ok = true;
  if (fractionDigits(value) > kind.maxPlaces) {
    issues.add(path, 'decimal_max_places', `Decimal input should have no more than ${kind.maxPlaces} decimal places (${kind.name})`);
    ok = false;
  }
  if (integerDigits(value) > kind.maxWholeDigits) {
    issues.add(
      path,
      'decimal_whole_digits',
      `Decimal input should have no more than ${kind.maxWholeDigits} digits before the decimal point (${kind.name})`,
    );
    ok = false;
  }
  return ok ? { value, text: formatAs(value, kind) } : undefined;
}

/** Checks a computed value (a sum or product) against a type; adds an issue at `path` when too big. */
export function checkComputed(
  issues: IssueList,
  path: IssuePath,
  value: Decimal,
  kind: DecimalKind,
  what: string,
): string | undefined {
  if (integerDigits(value) > kind.maxWholeDigits || signOf(value) < 0) {
    issues.add(path, 'value_out_of_layout', `${what} does not fit ${kind.name}`);
    return undefined;
  }
  return formatAs(value, kind);
}
