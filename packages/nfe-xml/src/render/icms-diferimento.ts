import {
  addDecimals,
  compareDecimals,
  type Decimal,
  decimal,
  multiplyDecimals,
  roundDecimal,
  signOf,
  subtractDecimals,
} from '../decimal.js';
import { formatAs, layoutValue, MONEY, PERCENT } from '../validate/decimal-field.js';
import { checkPercentUpTo100, PERCENT_MAX_100 } from '../validate/item-decimal-kinds.js';
import { ruleIssue } from '../validate/sefaz-rule.js';
import { checkPattern, given } from '../validate/text.js';
import { escapeText } from '../xml-escape.js';
import type { IcmsInput } from './icms-groups.js';
import { needDecimal } from './tax-line-values.js';
import { mismatch, type TaxLine } from './tax-lines.js';

/*
 * ICMS51, deferral: the line's `valor` is the ICMS due now (vICMS), `valor_diferido` the part
 * deferred (vICMSDif) at `diferimento_percent` (pDif); vICMSOp, the ICMS of the whole operation, is
 * their sum, so vICMS = vICMSOp − vICMSDif (rule 353) holds by construction. SEFAZ also checks
 * vICMSOp against vBC × pICMS (351) and vICMSDif against vICMSOp × pDif (352). The FCP may be
 * deferred alike (pFCPDif vFCPDif, and vFCPEfet = vFCP − vFCPDif).
 */

const CENT = decimal('0.01');
const HUNDREDTH = decimal('0.01');
/** cBenefRBC: 8 or 10 characters [!-ÿ]. */
const BENEFIT_CODE = /^(?:[\x21-\x7E\xA0-\xFF]{8}|[\x21-\x7E\xA0-\xFF]{10})$/;

/**
 * The MOC's footnote (*4) to these rules: the product rounded to cents, with a tolerance of one
 * cent either way.
 */
function farFrom(actual: Decimal, expected: Decimal): boolean {
  const difference = subtractDecimals(actual, roundDecimal(expected, 2));
  const magnitude =
    signOf(difference) < 0 ? subtractDecimals(decimal('0'), difference) : difference;
  return compareDecimals(magnitude, CENT) > 0;
}

const show = (value: Decimal) => formatAs(value, MONEY);

/** pDif, vICMSDif and vICMSOp, checked against each other and the base (351, 352). */
function deferral(
  input: IcmsInput,
  line: TaxLine,
): { vICMSOp: string; pDif: string; vICMSDif: string } | undefined {
  const { issues } = input;
  const pDifGiven = given(line.raw.diferimento_percent);
  if (!pDifGiven && !given(line.raw.valor_diferido)) return undefined;
  const pDif = pDifGiven
    ? (checkPercentUpTo100(
        issues,
        line.path,
        'diferimento_percent',
        line.raw.diferimento_percent,
        PERCENT_MAX_100,
      ) ?? '')
    : '';
  if (!pDifGiven) issues.at(line.path, 'diferimento_percent', 'missing', 'Field required for pDif');
  const vICMSDif = needDecimal(issues, line, 'valor_diferido', MONEY, 'ICMS51 (vICMSDif)');
  if (!pDif || !vICMSDif || line.valor === undefined) return { vICMSOp: '', pDif, vICMSDif };
  const operation = addDecimals(layoutValue(line.valor), layoutValue(vICMSDif));
  if (line.baseCalc !== undefined && line.aliquota !== undefined) {
    const expected = multiplyDecimals(
      multiplyDecimals(layoutValue(line.baseCalc), layoutValue(line.aliquota)),
      HUNDREDTH,
    );
    if (farFrom(operation, expected))
      ruleIssue(
        issues,
        [...line.path, 'valor'],
        {
          code: 351,
          text: 'Valor do ICMS da Operação no CST=51 difere do produto BC e Alíquota',
        },
        `vICMSOp = valor + valor_diferido = ${show(operation)} should be base_calc × aliquota/100 = ${show(expected)} (±0.01)`,
      );
  }
  const deferred = multiplyDecimals(multiplyDecimals(operation, layoutValue(pDif)), HUNDREDTH);
  if (farFrom(layoutValue(vICMSDif), deferred))
    ruleIssue(
      issues,
      [...line.path, 'valor_diferido'],
      {
        code: 352,
        text: 'Valor do ICMS Diferido no CST=51 difere do produto Valor ICMS Operação e percentual diferimento',
      },
      `valor_diferido ${vICMSDif} should be vICMSOp × diferimento_percent/100 = ${show(deferred)} (±0.01)`,
    );
  return { vICMSOp: formatAs(operation, MONEY), pDif, vICMSDif };
}

/**
 * ICMS51's own block: `modBC pRedBC? cBenefRBC? vBC pICMS vICMSOp? pDif? vICMSDif? vICMS`, the
 * values already checked (`vBC`, `pICMS`, `vICMS`).
 */
export function deferredOwnBlock(
  input: IcmsInput,
  line: TaxLine,
  modBC: string,
  vBC: string,
  pICMS: string,
  vICMS: string,
): string {
  const reduced = line.reduction ? `<pRedBC>${line.reduction}</pRedBC>` : '';
  if (!line.special)
    return `${modBC}${reduced}<vBC>${vBC}</vBC><pICMS>${pICMS}</pICMS><vICMS>${vICMS}</vICMS>`;
  const { issues } = input;
  let benefit = '';
  if (given(line.raw.codigo_beneficio_reducao)) {
    const code = checkPattern(
      issues,
      line.path,
      'codigo_beneficio_reducao',
      line.raw.codigo_beneficio_reducao,
      BENEFIT_CODE,
      '8 or 10 characters (cBenefRBC)',
    );
    if (!line.reduction)
      issues.at(
        line.path,
        'codigo_beneficio_reducao',
        'tax_line_mismatch',
        'cBenefRBC is the benefit code of a reduced base: base_calc_percent must be below 100',
      );
    else if (code) benefit = `<cBenefRBC>${escapeText(code)}</cBenefRBC>`;
  }
  const deferred = deferral(input, line);
  const middle = deferred
    ? `<vICMSOp>${deferred.vICMSOp}</vICMSOp><pDif>${deferred.pDif}</pDif><vICMSDif>${deferred.vICMSDif}</vICMSDif>`
    : '';
  return `${modBC}${reduced}${benefit}<vBC>${vBC}</vBC><pICMS>${pICMS}</pICMS>${middle}<vICMS>${vICMS}</vICMS>`;
}

/** ICMS51's FCP deferral after its FCP block: `pFCPDif vFCPDif vFCPEfet`, or nothing. */
export function fcpDeferralBlock(input: IcmsInput, line: TaxLine): string {
  if (!line.special) return '';
  const { issues } = input;
  if (!given(line.raw.diferimento_percent) && !given(line.raw.valor_diferido)) return '';
  const pFCPDif = needDecimal(issues, line, 'diferimento_percent', PERCENT, 'ICMS51 (pFCPDif)');
  const vFCPDif = needDecimal(issues, line, 'valor_diferido', MONEY, 'ICMS51 (vFCPDif)');
  if (!vFCPDif || line.valor === undefined) return '';
  const effective = subtractDecimals(layoutValue(line.valor), layoutValue(vFCPDif));
  if (signOf(effective) < 0) {
    mismatch(issues, line, `valor_diferido (vFCPDif) is above the FCP value (vFCP ${line.valor})`);
    return '';
  }
  return `<pFCPDif>${pFCPDif}</pFCPDif><vFCPDif>${vFCPDif}</vFCPDif><vFCPEfet>${formatAs(effective, MONEY)}</vFCPEfet>`;
}

/** Deferral fields (and cBenefRBC) on a line of a group other than ICMS51 are a 422 on the field. */
export function refuseDeferralFields(input: IcmsInput, line: TaxLine, group: string): void {
  for (const field of [
    'diferimento_percent',
    'valor_diferido',
    'codigo_beneficio_reducao',
  ] as const)
    if (given(line.raw[field]))
      input.issues.at(
        line.path,
        field,
        'tax_line_mismatch',
        `${group} has no deferral (pDif, vICMSDif, cBenefRBC): ${field} belongs to CST 51`,
      );
}
