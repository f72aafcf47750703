import { compareDecimals, decimal, multiplyDecimals, roundDecimal } from '../decimal.js';
import type { IssuePath } from '../errors.js';
import { formatAs, layoutValue, MONEY } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { accumulate, accumulateExact, type Totals } from './item-totals.js';
import { mismatch, need, type TaxLine } from './tax-lines.js';

/** pICMSInter: the interstate rates the layout enumerates. */
const INTERSTATE_RATES = ['4.00', '7.00', '12.00'] as const;
const HUNDREDTH = decimal('0.01');

/**
 * `<ICMSUFDest>` (DIFAL, EC 87/2015): interstate sale to a non-contributor final consumer. The
 * interstate rate comes from the item's `icms` line; pICMSInterPart is 100 since 2019 and
 * vICMSUFRemet is 0. The table gives no source for vFCPUFDest, so it is vBCFCPUFDest × pFCPUFDest
 * / 100 rounded to cents — the figure SEFAZ checks it against.
 */
export function renderIcmsUfDest(
  issues: IssueList,
  line: TaxLine,
  icms: TaxLine | undefined,
  interstate: boolean,
  tributosPath: IssuePath,
  totals: Totals,
): string {
  if (!interstate) {
    mismatch(
      issues,
      line,
      'ICMSUFDest (DIFAL) applies only to interstate sales (uf_destino_tipo interestadual)',
    );
    return '';
  }
  let pICMSInter: string | undefined;
  if (!icms) {
    issues.add(
      tributosPath,
      'tax_line_missing',
      "ICMSUFDest needs the item's 'icms' line for the interstate rate",
    );
  } else if (icms.aliquota !== undefined) {
    const rate = layoutValue(icms.aliquota);
    pICMSInter = INTERSTATE_RATES.find(
      (candidate) => compareDecimals(decimal(candidate), rate) === 0,
    );
    if (!pICMSInter) {
      issues.add(
        [...icms.path, 'aliquota'],
        'literal_error',
        'With an icms_uf_dest line the interstate ICMS rate must be 4, 7 or 12',
      );
    }
  } else if (icms.raw.aliquota === undefined || icms.raw.aliquota === null) {
    issues.add(
      [...icms.path, 'aliquota'],
      'missing',
      'With an icms_uf_dest line the interstate ICMS rate (4, 7 or 12) is required',
    );
  }
  const vBC = need(issues, line, line.baseCalc, 'base_calc', 'ICMSUFDest');
  const pDest = need(issues, line, line.aliquota, 'aliquota', 'ICMSUFDest');
  const vICMSUFDest = need(issues, line, line.valor, 'valor', 'ICMSUFDest');
  accumulate(totals.vICMSUFDest, line.valor);
  let fcp = '';
  let vFcp = '';
  if (line.fcpPercent !== undefined && line.baseCalc !== undefined) {
    const value = roundDecimal(
      multiplyDecimals(
        multiplyDecimals(layoutValue(line.baseCalc), layoutValue(line.fcpPercent)),
        HUNDREDTH,
      ),
      2,
    );
    accumulateExact(totals.vFCPUFDest, value);
    fcp = `<vBCFCPUFDest>${line.baseCalc}</vBCFCPUFDest><pFCPUFDest>${line.fcpPercent}</pFCPUFDest>`;
    vFcp = `<vFCPUFDest>${formatAs(value, MONEY)}</vFCPUFDest>`;
  }
  return (
    `<ICMSUFDest><vBCUFDest>${vBC}</vBCUFDest>${fcp}<pICMSUFDest>${pDest}</pICMSUFDest>` +
    `<pICMSInter>${pICMSInter ?? ''}</pICMSInter><pICMSInterPart>100.00</pICMSInterPart>${vFcp}` +
    `<vICMSUFDest>${vICMSUFDest}</vICMSUFDest><vICMSUFRemet>0.00</vICMSUFRemet></ICMSUFDest>`
  );
}
