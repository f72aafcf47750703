import { type Decimal, formatDecimal, fractionDigits, integerDigits, parseDecimal, signOf } from '../decimal.js';
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

const DECIMAL_PARTS = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * The layout text is produced from the digits as written (no arithmetic), and the exact value is
 * only materialised when a total needs it: most tax fields are copied, not summed, and this keeps
 * a 990-item document within a few milliseconds.
 */
class LazyDecimal implements CheckedDecimal {
  #value: Decimal | undefined;
  constructor(readonly text: string) {}
  get value(): Decimal {
    return (this.#value ??= parseDecimal(this.text) ?? { coefficient: 0n, scale: 0 });
  }
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
  const match = DECIMAL_PARTS.exec(text);
  const rawInt = match?.[2] ?? '';
  const rawFrac = match?.[3] ?? '';
  if (!match || (rawInt.length === 0 && rawFrac.length === 0)) {
    issues.add(path, 'decimal_parsing', 'Input should be a valid decimal');
    return undefined;
  }
  const int = rawInt.replace(/^0+/, '');
  const frac = rawFrac.replace(/0+$/, '');
  const zero = int.length === 0 && frac.length === 0;
  if (kind.sign === 'positive' && (zero || match[1] === '-')) {
    issues.add(path, 'greater_than', 'Input should be greater than 0');
    return undefined;
  }
  if (kind.sign === 'nonNegative' && !zero && match[1] === '-') {
    issues.add(path, 'greater_than_equal', 'Input should be greater than or equal to 0');
    return undefined;
  }
  let ok = true;
  if (frac.length > kind.maxPlaces) {
    issues.add(path, 'decimal_max_places', `Decimal input should have no more than ${kind.maxPlaces} decimal places (${kind.name})`);
    ok = false;
  }
  if (int.length > kind.maxWholeDigits) {
    issues.add(
      path,
      'decimal_whole_digits',
      `Decimal input should have no more than ${kind.maxWholeDigits} digits before the decimal point (${kind.name})`,
    );
    ok = false;
  }
  if (!ok) return undefined;
  const places = Math.max(kind.minOutPlaces, frac.length);
  return new LazyDecimal(places === 0 ? int || '0' : `${int || '0'}.${frac.padEnd(places, '0')}`);
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
