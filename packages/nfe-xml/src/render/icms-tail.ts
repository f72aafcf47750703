import { PERCENT } from '../validate/decimal-field.js';
import { escapeText } from '../xml-escape.js';
import { checkUf } from './address.js';
import { desoneracaoBlock, stDesoneracaoBlock } from './icms-desoneracao.js';
import type { GroupSpec, IcmsInput } from './icms-groups.js';
import {
  destinationBlock,
  effectiveBlock,
  retainedBlock,
  retainedFcpBlock,
} from './icms-st-retido.js';
import { needDecimal } from './tax-line-values.js';
import { mismatch, need, type TaxLine } from './tax-lines.js';

/*
 * The blocks an ICMS group may end with, after ST: desoneração (20, 30, 40, 70, 90), ST
 * desoneração (10, 70, 90), ST charged earlier (60, SN500, ICMSST), the CSOSN 900 credit and the
 * partilha of ICMSPart. A line of these domains on a group without its block is a 422 naming it.
 */

/** `pCredSN vCredICMSSN` of ICMSSN900, from the icms_credito_sn line. */
function creditBlock(input: IcmsInput, line: TaxLine): string {
  const pCredSN = need(input.issues, line, line.aliquota, 'aliquota', 'ICMSSN900');
  const vCred = need(input.issues, line, line.valor, 'valor', 'ICMSSN900');
  return `<pCredSN>${pCredSN}</pCredSN><vCredICMSSN>${vCred}</vCredICMSSN>`;
}

/** `pBCOp UFST` of ICMSPart, from the icms line. */
function partilhaBlock(input: IcmsInput): string {
  const { issues } = input;
  const icms = input.lines.icms;
  if (!icms) return '';
  const pBCOp = needDecimal(issues, icms, 'operacao_propria_percent', PERCENT, 'ICMSPart (pBCOp)');
  const ufst = checkUf(issues, icms.path, 'uf_st', icms.raw.uf_st);
  return `<pBCOp>${pBCOp}</pBCOp><UFST>${escapeText(ufst ?? '')}</UFST>`;
}

/** The ST-retained blocks: ICMS60 and ICMSSN500 (all optional) or ICMSST (repasse). */
function retainedBlocks(input: IcmsInput, spec: GroupSpec): string {
  const more = input.lines.more;
  const retained = more?.icms_st_retido;
  const fcp = more?.fcp_st_retido;
  const effective = more?.icms_efetivo;
  const repasse = spec.retained === 'repasse';
  let xml = '';
  if (retained) xml += retainedBlock(input, retained, spec.tag, !repasse);
  else if (repasse)
    input.issues.at(
      input.fiscalPath,
      'tributos',
      'tax_line_missing',
      "ICMSST needs an 'icms_st_retido' line (vBCSTRet, vICMSSTRet)",
    );
  if (fcp) xml += retainedFcpBlock(input, fcp, spec.tag);
  const destination = more?.icms_st_destino;
  if (repasse && destination) xml += destinationBlock(input, destination);
  if (effective) xml += effectiveBlock(input, effective, spec.tag);
  return xml;
}

/** Everything of the group after its ST block (and the credit of 101/201). */
export function renderIcmsTail(input: IcmsInput, spec: GroupSpec): string {
  const { issues } = input;
  const more = input.lines.more;
  let xml = '';
  const deson = more?.icms_desonerado;
  if (deson) {
    if (spec.deson) xml += desoneracaoBlock(input, deson, spec.tag, spec.deson);
    else
      mismatch(
        issues,
        deson,
        `${spec.tag} has no desoneração (vICMSDeson): CST 20, 30, 40, 41, 50, 70 and 90 have`,
      );
  }
  const stDeson = more?.icms_st_desonerado;
  if (stDeson) {
    if (spec.stDeson) xml += stDesoneracaoBlock(input, stDeson, spec.tag);
    else
      mismatch(
        issues,
        stDeson,
        `${spec.tag} has no ST desoneração (vICMSSTDeson): CST 10, 70 and 90 have`,
      );
  }
  if (spec.retained !== 'none') xml += retainedBlocks(input, spec);
  else
    for (const line of [more?.icms_st_retido, more?.fcp_st_retido, more?.icms_efetivo])
      if (line)
        mismatch(
          issues,
          line,
          `${spec.tag} has no ST charged earlier (vBCSTRet…): CST 60 and CSOSN 500 have`,
        );
  const destination = more?.icms_st_destino;
  if (destination && spec.retained !== 'repasse')
    mismatch(
      issues,
      destination,
      'ICMSST (ST owed to the destination state) is CST 41 or 60 in an interstate operation',
    );
  if (destination && spec.retained === 'repasse' && !input.interstate)
    mismatch(
      issues,
      destination,
      'ICMSST (ST owed to the destination state) exists only in interstate operations (uf_destino_tipo interestadual)',
    );
  const credit = more?.icms_credito_sn;
  if (credit) {
    if (spec.creditLine) xml += creditBlock(input, credit);
    else
      mismatch(
        issues,
        credit,
        `${spec.tag} takes no 'icms_credito_sn' line: CSOSN 101 and 201 carry the credit on the icms line, CSOSN 900 on this one`,
      );
  }
  if (!spec.mono)
    for (const line of [
      more?.icms_mono,
      more?.icms_mono_retencao,
      more?.icms_mono_diferido,
      more?.icms_mono_retido,
    ])
      if (line)
        mismatch(issues, line, `${spec.tag} is no monophase fuel group: CST 02, 15, 53 and 61 are`);
  if (spec.partilha) {
    xml += partilhaBlock(input);
    if (!input.interstate)
      issues.at(
        input.lines.icms?.path ?? input.fiscalPath,
        'uf_st',
        'tax_line_mismatch',
        'ICMSPart (ICMS shared between states) exists only in interstate operations (uf_destino_tipo interestadual)',
      );
  }
  return xml;
}
