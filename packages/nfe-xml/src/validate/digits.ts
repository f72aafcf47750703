import type { Pattern } from './text.js';

const ZERO_CHAR = 48;
const NINE_CHAR = 57;

function allDigits(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < ZERO_CHAR || c > NINE_CHAR) return false;
  }
  return true;
}

/*
 * Digit-only codes checked for every item (NCM, CFOP, GTIN, CEST) are tested by a scan rather than
 * a regex: the call into the regex engine cost more than the check itself, several times per item.
 */

/** `\d{n}` for one of the given lengths, e.g. `digits(8)` for `^\d{8}$`. */
export function digits(...lengths: number[]): Pattern {
  return { test: (value) => lengths.includes(value.length) && allDigits(value) };
}

/** `^[1235-7]\d{3}$`: the CFOP's first digit says the operation's direction and scope. */
export const CFOP: Pattern = {
  test: (value) => value.length === 4 && allDigits(value) && '123567'.includes(value.charAt(0)),
};
