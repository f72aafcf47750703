import { isZeroText } from '../validate/item-decimal-kinds.js';
import { ruleIssue } from '../validate/sefaz-rule.js';
import { checkLiteral } from '../validate/text.js';
import type { IcmsInput } from './icms-groups.js';
import { AGRO_MOTIVES } from './icms-groups.js';
import { accumulate } from './item-totals.js';
import { lineFlag } from './tax-line-values.js';
import { need, type TaxLine } from './tax-lines.js';

/*
 * ICMS desoneração: the ICMS an exemption, reduction or suspension waives (vICMSDeson, with its
 * motive), summed into ICMSTot/vICMSDeson; and the waived ICMS-ST (vICMSSTDeson), which has no
 * total. indDeduzDeson (NT 2023.004) says whether the waived ICMS was taken off the price: then it
 * is deducted from vNF (and vItem). Emissor writes it always, `1` unless the line says `0`.
 */

/** `vICMSDeson motDesICMS indDeduzDeson` from the icms_desonerado line. */
export function desoneracaoBlock(
  input: IcmsInput,
  line: TaxLine,
  group: string,
  motives: readonly string[],
): string {
  const { issues, totals } = input;
  const vICMSDeson = need(issues, line, line.valor, 'valor', group);
  const motive = checkLiteral(issues, line.path, 'motivo', line.raw.motivo, motives);
  const deducts = lineFlag(issues, line, '1');
  if (line.valor !== undefined && isZeroText(line.valor))
    ruleIssue(
      issues,
      [...line.path, 'valor'],
      { code: 627, text: 'O valor do ICMS desonerado deve ser informado' },
      'a desoneração (motivo) needs vICMSDeson above 0 (N28-30)',
    );
  // N28-10: except on an entry CFOP, where the SUFRAMA registration is not the recipient's to give.
  if (motive === '7' && !input.suframa && !input.entry)
    ruleIssue(
      issues,
      [...line.path, 'motivo'],
      { code: 625, text: 'Inscrição SUFRAMA deve ser informada na venda com isenção para ZFM' },
      'motivo 7 (SUFRAMA) needs destinatario.inscricao_suframa',
    );
  accumulate(totals.vICMSDeson, line.valor);
  if (deducts === '1') accumulate(totals.vICMSDesonDeduzido, line.valor);
  return (
    `<vICMSDeson>${vICMSDeson}</vICMSDeson><motDesICMS>${motive ?? ''}</motDesICMS>` +
    `<indDeduzDeson>${deducts ?? ''}</indDeduzDeson>`
  );
}

/** `vICMSSTDeson motDesICMSST` from the icms_st_desonerado line (CST 10, 70, 90). */
export function stDesoneracaoBlock(input: IcmsInput, line: TaxLine, group: string): string {
  const { issues } = input;
  const value = need(issues, line, line.valor, 'valor', group);
  const motive = checkLiteral(issues, line.path, 'motivo', line.raw.motivo, AGRO_MOTIVES);
  return `<vICMSSTDeson>${value}</vICMSSTDeson><motDesICMSST>${motive ?? ''}</motDesICMSST>`;
}
