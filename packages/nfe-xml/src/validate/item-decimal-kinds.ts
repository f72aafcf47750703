import { compareDecimals, decimal } from '../decimal.js';
import type { IssuePath } from '../errors.js';
import { checkDecimal, type DecimalKind, layoutValue } from './decimal-field.js';
import type { IssueList } from './issues.js';

/*
 * The decimal types of the item's groups (tiposBasico_v4.00.xsd). Each is written with at least
 * `minOutPlaces` places where its pattern needs them (TDec_0803v takes "0.500", not "0.5").
 */

/** TDec_1302Opc (vFrete, vSeg, vDesc, vOutro, vDescDI): money above 0; a 0 is left out instead. */
export const OPTIONAL_MONEY: DecimalKind = {
  name: 'TDec_1302Opc',
  maxWholeDigits: 13,
  maxPlaces: 2,
  minOutPlaces: 2,
  sign: 'nonNegative',
};
/** TDec_0803v (rastro/qLote): 8 integer digits, up to 3 places, written with 3. */
export const LOT_QUANTITY: DecimalKind = {
  name: 'TDec_0803v',
  maxWholeDigits: 8,
  maxPlaces: 3,
  minOutPlaces: 3,
  sign: 'nonNegative',
};
/** TDec_1204v (CIDE/qBCProd). */
export const QUANTITY_1204: DecimalKind = {
  name: 'TDec_1204v',
  maxWholeDigits: 12,
  maxPlaces: 4,
  minOutPlaces: 4,
  sign: 'nonNegative',
};
/** TDec_1104 (CIDE/vAliqProd): 0 or exactly 4 places. */
export const RATE_1104: DecimalKind = {
  name: 'TDec_1104',
  maxWholeDigits: 11,
  maxPlaces: 4,
  minOutPlaces: 4,
  sign: 'nonNegative',
};
/** TDec_1204temperatura (comb/qTemp): above 0, written with 4 places. */
export const TEMPERATURE_QUANTITY: DecimalKind = {
  name: 'TDec_1204temperatura',
  maxWholeDigits: 12,
  maxPlaces: 4,
  minOutPlaces: 4,
  sign: 'positive',
};
/** TDec_1203 (encerrante vEncIni/vEncFin): written with 3 places. */
export const METER: DecimalKind = {
  name: 'TDec_1203',
  maxWholeDigits: 12,
  maxPlaces: 3,
  minOutPlaces: 3,
  sign: 'nonNegative',
};
/** TDec_0302a04Max100 (pGLP, pGNn, pGNi): 0–100, 2–4 places. */
export const PERCENT_MAX_100: DecimalKind = {
  name: 'TDec_0302a04Max100',
  maxWholeDigits: 3,
  maxPlaces: 4,
  minOutPlaces: 2,
  sign: 'nonNegative',
};
/** TDec_03v00a04Max100Opc (pBio, origComb/pOrig): above 0 and up to 100, up to 4 places. */
export const POSITIVE_PERCENT_MAX_100: DecimalKind = {
  name: 'TDec_03v00a04Max100Opc',
  maxWholeDigits: 3,
  maxPlaces: 4,
  minOutPlaces: 2,
  sign: 'positive',
};
/** TDec_0302Max100 (impostoDevol/pDevol): 0–100 with up to 2 places. */
export const PERCENT_2_MAX_100: DecimalKind = {
  name: 'TDec_0302Max100',
  maxWholeDigits: 3,
  maxPlaces: 2,
  minOutPlaces: 2,
  sign: 'nonNegative',
};

const HUNDRED = decimal('100');

/** A percentage of a `…Max100` type: `checkDecimal`, then not above 100. */
export function checkPercentUpTo100(
  issues: IssueList,
  parent: IssuePath,
  key: string | number,
  value: unknown,
  kind: DecimalKind,
): string | undefined {
  const text = checkDecimal(issues, parent, key, value, kind);
  if (text === undefined) return undefined;
  if (compareDecimals(layoutValue(text), HUNDRED) > 0) {
    issues.at(
      parent,
      key,
      'less_than_equal',
      `Input should be less than or equal to 100 (${kind.name})`,
    );
    return undefined;
  }
  return text;
}

/** Whether checked layout text is zero ("0", "0.00"). */
export function isZeroText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 48 && c !== 46) return false;
  }
  return true;
}
