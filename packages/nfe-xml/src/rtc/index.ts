export { checkRtcDocument, itemTotal } from './rules.js';
export {
  deferredValue,
  effectiveRate,
  selectiveTaxValue,
  sphereValue,
  RATE_TOLERANCE,
  VALUE_TOLERANCE,
} from './arithmetic.js';
export { IBS_CBS_CSTS, buildableCst } from './cst-table.js';
export type { CstIndicators, IbsCbsMainGroup } from './cst-table.js';
export { SPHERES, TEST_YEAR_RATES } from './spheres.js';
export type { SphereName } from './spheres.js';
export type * from './document.js';
export { sumIbsCbsGroups, sumIbsCbsTotals, sumItemTotals, sumSelectiveTax } from './totals.js';
export { ibsCbsXml, isXml, rtcTotalsXml } from './xml.js';
export { readRtcDocument } from './read-xml.js';
