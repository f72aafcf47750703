import {
  compareDecimals,
  type Decimal,
  decimal,
  multiplyDecimals,
  roundDecimal,
  subtractDecimals,
  ZERO,
} from '../decimal.js';

/*
 * The formulas SEFAZ recomputes for IBS/CBS (NT 2025.002 groups UB; shared/research/ibs-cbs.md
 * §4.2). Exact decimals throughout; rounding (half up) only where the layout writes a value.
 */

const HUNDREDTH = decimal('0.01');
const ONE = decimal('1');
/** SEFAZ's tolerance on recomputed item values (UB35-10, UB54-10, UB67-10). */
export const VALUE_TOLERANCE = decimal('0.01');
/** pAliqEfet is "calculada com 4 casas decimais, arredondando a última"; one unit of the last place. */
export const RATE_TOLERANCE = decimal('0.0001');

function percentOf(value: Decimal, percent: Decimal): Decimal {
  return multiplyDecimals(multiplyDecimals(value, percent), HUNDREDTH);
}

function complementOf(percent: Decimal): Decimal {
  return subtractDecimals(ONE, multiplyDecimals(percent, HUNDREDTH));
}

/**
 * pAliqEfet = rate × (1 − pRedAliq/100) × (1 − pRedutor/100), to 4 places (UB28-10, UB47-10,
 * UB66-10). The NT's example: 10 % with a 40 % reduction and a 5 % government reducer → 5.7 %.
 */
export function effectiveRate(rate: Decimal, pRedAliq: Decimal, pRedutor: Decimal = ZERO): Decimal {
  return roundDecimal(
    multiplyDecimals(multiplyDecimals(rate, complementOf(pRedAliq)), complementOf(pRedutor)),
    4,
  );
}

/** vDif = vBC × rate/100 × pDif/100, to cents (UB23-10, UB42-10, UB61-10). */
export function deferredValue(vBC: Decimal, rate: Decimal, pDif: Decimal): Decimal {
  return roundDecimal(percentOf(percentOf(vBC, rate), pDif), 2);
}

/**
 * A sphere's value: vBC × rate/100 − vDif − vDevTrib, to cents (UB35-10, UB54-10, UB67-10). `rate`
 * is pAliqEfet when gRed is present. Test vector: vBC 1000, 0.90 %, 50 % deferred, 1.00 returned →
 * vDif 4.50 and vCBS 3.50.
 */
export function sphereValue(
  vBC: Decimal,
  rate: Decimal,
  vDif: Decimal = ZERO,
  vDevTrib: Decimal = ZERO,
): Decimal {
  return roundDecimal(subtractDecimals(subtractDecimals(percentOf(vBC, rate), vDif), vDevTrib), 2);
}

/** vIS = vBCIS × pIS/100, to cents (UB11-10; the specific-rate part is not modelled). */
export function selectiveTaxValue(vBCIS: Decimal, pIS: Decimal): Decimal {
  return roundDecimal(percentOf(vBCIS, pIS), 2);
}

/** |a − b| ≤ tolerance. */
export function within(a: Decimal, b: Decimal, tolerance: Decimal): boolean {
  const difference = subtractDecimals(a, b);
  const magnitude =
    difference.coefficient < 0n
      ? { coefficient: -difference.coefficient, scale: difference.scale }
      : difference;
  return compareDecimals(magnitude, tolerance) <= 0;
}
