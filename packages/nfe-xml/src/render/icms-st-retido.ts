import { MONEY } from '../validate/decimal-field.js';
import { isZeroText } from '../validate/item-decimal-kinds.js';
import { ruleIssue } from '../validate/sefaz-rule.js';
import type { IcmsInput } from './icms-groups.js';
import { accumulate } from './item-totals.js';
import { lineDecimal } from './tax-line-values.js';
import { need, type TaxLine } from './tax-lines.js';

/*
 * ICMS-ST charged earlier in the chain (CST 60, CSOSN 500, and ICMSST for CST 41/60): what the
 * substitute retained (vBCSTRet pST vICMSSubstituto vICMSSTRet), its FCP (vFCPSTRet, summed into
 * ICMSTot/vFCPSTRet) and the "efetivo" ICMS the final consumer bore (pRedBCEfet … vICMSEfet, which
 * some states require on sales to a final consumer, rule N33-10). Each block is all or nothing, as
 * its line is.
 */

/** `vBCSTRet pST vICMSSubstituto? vICMSSTRet` from the icms_st_retido line. */
export function retainedBlock(
  input: IcmsInput,
  line: TaxLine,
  group: string,
  rateRequired: boolean,
): string {
  const { issues } = input;
  const vBCSTRet = need(issues, line, line.baseCalc, 'base_calc', group);
  // pST: the rate the final consumer bore, ST and FCP-ST together; ICMSST may leave it out.
  const pST = rateRequired ? need(issues, line, line.aliquota, 'aliquota', group) : line.aliquota;
  const vICMSSTRet = need(issues, line, line.valor, 'valor', group);
  const substitute = line.special
    ? lineDecimal(issues, line, 'valor_substituto', MONEY)
    : undefined;
  return (
    `<vBCSTRet>${vBCSTRet}</vBCSTRet>${pST === undefined ? '' : `<pST>${pST}</pST>`}` +
    `${substitute === undefined ? '' : `<vICMSSubstituto>${substitute}</vICMSSubstituto>`}` +
    `<vICMSSTRet>${vICMSSTRet}</vICMSSTRet>`
  );
}

/** `vBCFCPSTRet pFCPSTRet vFCPSTRet` from the fcp_st_retido line. */
export function retainedFcpBlock(input: IcmsInput, line: TaxLine, group: string): string {
  const { issues, totals } = input;
  const base = need(issues, line, line.baseCalc, 'base_calc', group);
  const rate = need(issues, line, line.fcpPercent, 'fcp_percent', group);
  const value = need(issues, line, line.valor, 'valor', group);
  if (line.fcpPercent !== undefined && isZeroText(line.fcpPercent))
    ruleIssue(
      issues,
      [...line.path, 'fcp_percent'],
      { code: 881, text: 'Percentual de FCPST igual a zero' },
      'leave the fcp_st_retido line out when the product bears no FCP (N27b-10)',
    );
  accumulate(totals.vFCPSTRet, line.valor);
  return `<vBCFCPSTRet>${base}</vBCFCPSTRet><pFCPSTRet>${rate}</pFCPSTRet><vFCPSTRet>${value}</vFCPSTRet>`;
}

/** `pRedBCEfet vBCEfet pICMSEfet vICMSEfet` from the icms_efetivo line. */
export function effectiveBlock(input: IcmsInput, line: TaxLine, group: string): string {
  const { issues } = input;
  const vBCEfet = need(issues, line, line.baseCalc, 'base_calc', group);
  const pICMSEfet = need(issues, line, line.aliquota, 'aliquota', group);
  const vICMSEfet = need(issues, line, line.valor, 'valor', group);
  // pRedBCEfet is required in the block: 0.00 when the whole base is taxed.
  return (
    `<pRedBCEfet>${line.reduction ?? '0.00'}</pRedBCEfet><vBCEfet>${vBCEfet}</vBCEfet>` +
    `<pICMSEfet>${pICMSEfet}</pICMSEfet><vICMSEfet>${vICMSEfet}</vICMSEfet>`
  );
}

/** `vBCSTDest vICMSSTDest` (ICMSST) from the icms_st_destino line. */
export function destinationBlock(input: IcmsInput, line: TaxLine): string {
  const { issues } = input;
  const base = need(issues, line, line.baseCalc, 'base_calc', 'ICMSST');
  const value = need(issues, line, line.valor, 'valor', 'ICMSST');
  return `<vBCSTDest>${base}</vBCSTDest><vICMSSTDest>${value}</vICMSSTDest>`;
}
