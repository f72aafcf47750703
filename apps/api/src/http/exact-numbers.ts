import { sameDecimalValue } from '@emissor/nfe-xml/primitives';

import type { ValidationIssue } from '../errors.js';

/**
 * A JSON number with at most 15 significant digits always reads back exactly from a double, and
 * its number token is then at most 15 digit-or-point characters long; longer runs (and exponents,
 * which can overflow or underflow) are the only places digits can be lost. This test over the raw
 * text is the hot path's whole cost: bodies without such a run skip the scan below. It may also
 * match inside a string (a 44-digit chave), which only costs that body the scan.
 */
const MAYBE_INEXACT = /[:,[]\s*-?(?:[\d.]{16}|[\d.]+[eE])/;

export function mayHaveInexactNumbers(text: string): boolean {
  return MAYBE_INEXACT.test(text);
}

/** True when the number JSON.parse makes of `source` is the very value `source` writes. */
export function readsBackExactly(source: string): boolean {
  const value = Number(source);
  return Number.isFinite(value) && sameDecimalValue(String(value), source);
}

interface Frame {
  /** The container's path below `body`. */
  path: (string | number)[];
  isArray: boolean;
  /** Array: index of the current element; object: the key of the current member. */
  at: string | number;
  expectingKey: boolean;
}

/**
 * The numbers of a JSON text (already known to be valid: JSON.parse read it) that a double cannot
 * hold exactly, as 422 issues naming each one and saying why. A scan over the text that keeps the
 * path of the current value, since JSON.parse gives no access to a number's source text on Node 20.
 */
export function findInexactNumbers(text: string, limit = 20): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const stack: Frame[] = [];
  const here = (): (string | number)[] => {
    const top = stack[stack.length - 1];
    return top ? [...top.path, top.at] : [];
  };
  let i = 0;
  const n = text.length;
  while (i < n && issues.length < limit) {
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      const isArray = c === 0x5b;
      stack.push({ path: here(), isArray, at: isArray ? 0 : '', expectingKey: !isArray });
      i++;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      i++;
    } else if (c === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top?.isArray) top.at = (top.at as number) + 1;
      else if (top) top.expectingKey = true;
      i++;
    } else if (c === 0x22 /* " */) {
      let j = i + 1;
      while (j < n && text.charCodeAt(j) !== 0x22) j += text.charCodeAt(j) === 0x5c ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top && !top.isArray && top.expectingKey) {
        top.at = JSON.parse(text.slice(i, j + 1)) as string;
        top.expectingKey = false;
      }
      i = j + 1;
    } else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      let j = i + 1;
      while (j < n && /[\d.eE+-]/.test(text[j] as string)) j++;
      const source = text.slice(i, j);
      if (!readsBackExactly(source)) issues.push(inexact(source, ['body', ...here()]));
      i = j;
    } else {
      i++; // whitespace, ':', true, false, null
    }
  }
  return issues;
}

function inexact(source: string, loc: (string | number)[]): ValidationIssue {
  const value = Number(source);
  if (!Number.isFinite(value))
    return {
      loc,
      msg: `Input should be a finite number: ${source} is beyond what a JSON number can hold; send it as a decimal string`,
      type: 'finite_number',
      input: source,
    };
  return {
    loc,
    msg: `The JSON number ${source} would lose digits (it reads as ${String(value)}); send decimals as strings, e.g. "${source}", to keep every digit`,
    type: 'decimal_max_digits',
    input: source,
    ctx: { max_digits: 15 },
  };
}
