import { signOf } from '../decimal.js';
import { layoutValue } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { given } from '../validate/text.js';
import { deferredOwnBlock, fcpDeferralBlock, refuseDeferralFields } from './icms-diferimento.js';
import {
  CSOSN_GROUPS,
  CST_GROUPS,
  type GroupSpec,
  type IcmsInput,
  PARTILHA_GROUPS,
  REPASSE_GROUPS,
} from './icms-groups.js';
import { monoBlock } from './icms-mono.js';
import { renderIcmsTail } from './icms-tail.js';
import { accumulate } from './item-totals.js';
import { mismatch, need, type TaxLine } from './tax-lines.js';

export type { IcmsInput } from './icms-groups.js';

/** A line given for a group without own ICMS may only carry zeros (it names the CST, nothing more). */
function zeroOnly(issues: IssueList, line: TaxLine, group: string): void {
  const nonZero = [line.valor, line.aliquota].some(
    (v) => v !== undefined && signOf(layoutValue(v)) !== 0,
  );
  if (nonZero)
    mismatch(issues, line, `${group} has no own ICMS value (valor/aliquota must be 0 or absent)`);
}

function ownBlock(input: IcmsInput, line: TaxLine, spec: GroupSpec): string {
  const { issues, totals } = input;
  const reducedAllowed = spec.own !== 'required';
  if (line.special && !spec.deferral) refuseDeferralFields(input, line, spec.tag);
  if (line.reduction && !reducedAllowed) {
    issues.add(
      [...line.path, 'base_calc_percent'],
      'tax_line_mismatch',
      `${spec.tag} has no reduced base (pRedBC): base_calc_percent must be 100`,
    );
  }
  const vBC = need(issues, line, line.baseCalc, 'base_calc', spec.tag);
  const pICMS = need(issues, line, line.aliquota, 'aliquota', spec.tag);
  const vICMS = need(issues, line, line.valor, 'valor', spec.tag);
  accumulate(totals.vBC, line.baseCalc);
  accumulate(totals.vICMS, line.valor);
  // modBC 3 = "valor da operação": the engine's base is the operation value (docs/api-rules.md "Tax lines").
  const modBC = '<modBC>3</modBC>';
  const tail = `<vBC>${vBC}</vBC><pICMS>${pICMS}</pICMS><vICMS>${vICMS}</vICMS>`;
  switch (spec.own) {
    case 'requiredReduced':
      return `${modBC}<pRedBC>${line.reduction ?? '0.00'}</pRedBC>${tail}`;
    case 'optionalReducedFirst':
      return deferredOwnBlock(input, line, modBC, vBC, pICMS, vICMS);
    case 'optionalReducedAfter':
    case 'requiredReducedAfter':
      return `${modBC}<vBC>${vBC}</vBC>${line.reduction ? `<pRedBC>${line.reduction}</pRedBC>` : ''}<pICMS>${pICMS}</pICMS><vICMS>${vICMS}</vICMS>`;
    default:
      return modBC + tail;
  }
}

function fcpBlock(input: IcmsInput, line: TaxLine, spec: GroupSpec): string {
  const { issues, totals } = input;
  const vBCFCP =
    spec.fcp === 'full' ? need(issues, line, line.baseCalc, 'base_calc', spec.tag) : '';
  const pFCP = need(issues, line, line.fcpPercent, 'fcp_percent', spec.tag);
  const vFCP = need(issues, line, line.valor, 'valor', spec.tag);
  accumulate(totals.vFCP, line.valor);
  let deferral = '';
  if (line.special) {
    if (spec.deferral) deferral = fcpDeferralBlock(input, line);
    else refuseDeferralFields(input, line, spec.tag);
  }
  return `${spec.fcp === 'full' ? `<vBCFCP>${vBCFCP}</vBCFCP>` : ''}<pFCP>${pFCP}</pFCP><vFCP>${vFCP}</vFCP>${deferral}`;
}

function stBlock(input: IcmsInput, line: TaxLine, spec: GroupSpec): string {
  const { issues, totals } = input;
  const vBCST = need(issues, line, line.baseCalc, 'base_calc', spec.tag);
  const pICMSST = need(issues, line, line.aliquotaSt, 'aliquota_st', spec.tag);
  const vICMSST = need(issues, line, line.valor, 'valor', spec.tag);
  accumulate(totals.vBCST, line.baseCalc);
  accumulate(totals.vST, line.valor);
  // modBCST 4 = MVA when the engine gave one; 6 = "valor da operação" otherwise (docs/api-rules.md "Tax lines").
  const mva = line.mva
    ? `<modBCST>4</modBCST><pMVAST>${line.mva}</pMVAST>`
    : '<modBCST>6</modBCST>';
  const reduction = line.reduction ? `<pRedBCST>${line.reduction}</pRedBCST>` : '';
  return `${mva}${reduction}<vBCST>${vBCST}</vBCST><pICMSST>${pICMSST}</pICMSST><vICMSST>${vICMSST}</vICMSST>`;
}

function fcpStBlock(input: IcmsInput, line: TaxLine, spec: GroupSpec): string {
  const { issues, totals } = input;
  const vBCFCPST = need(issues, line, line.baseCalc, 'base_calc', spec.tag);
  const pFCPST = need(issues, line, line.fcpPercent, 'fcp_percent', spec.tag);
  const vFCPST = need(issues, line, line.valor, 'valor', spec.tag);
  accumulate(totals.vFCPST, line.valor);
  return `<vBCFCPST>${vBCFCPST}</vBCFCPST><pFCPST>${pFCPST}</pFCPST><vFCPST>${vFCPST}</vFCPST>`;
}

function creditBlock(input: IcmsInput, line: TaxLine, spec: GroupSpec): string {
  const pCredSN = need(input.issues, line, line.aliquota, 'aliquota', spec.tag);
  const vCred = need(input.issues, line, line.valor, 'valor', spec.tag);
  return `<pCredSN>${pCredSN}</pCredSN><vCredICMSSN>${vCred}</vCredICMSSN>`;
}

/** Finds the code (line's first, then fiscal_result's) and its group; reports what is missing. */
function chooseGroup(input: IcmsInput): GroupSpec | undefined {
  const { issues, fiscalPath, simples, lines } = input;
  const field = simples ? 'csosn' : 'cst';
  const table = simples ? CSOSN_GROUPS : CST_GROUPS;
  const fromLine = lines.icms?.raw[field];
  const code = fromLine ?? (simples ? input.fiscalCsosn : input.fiscalCst);
  const parent =
    fromLine !== undefined && fromLine !== null && lines.icms ? lines.icms.path : fiscalPath;
  if (code === undefined || code === null) {
    issues.at(
      parent,
      field,
      'missing',
      `An ICMS ${field.toUpperCase()} is required (CRT ${simples ? '1, 2 or 4 use CSOSN' : '3 uses CST'})`,
    );
    return undefined;
  }
  const spec = Object.hasOwn(table, code) ? table[code] : undefined;
  if (!spec) {
    issues.at(
      parent,
      field,
      'literal_error',
      `Input should be one of ${Object.keys(table).join(', ')}`,
    );
    return undefined;
  }
  return simples ? spec : (variant(input, code) ?? spec);
}

/** ICMSPart for CST 10/90 whose icms line names the partilha; ICMSST for CST 41/60 with repasse. */
function variant(input: IcmsInput, code: string): GroupSpec | undefined {
  const icms = input.lines.icms;
  const partilha =
    icms?.special && (given(icms.raw.uf_st) || given(icms.raw.operacao_propria_percent));
  if (partilha && Object.hasOwn(PARTILHA_GROUPS, code)) return PARTILHA_GROUPS[code];
  if (input.lines.more?.icms_st_destino && Object.hasOwn(REPASSE_GROUPS, code))
    return REPASSE_GROUPS[code];
  return undefined;
}

/** The icms line's partilha fields outside ICMSPart are a 422 on the field. */
function refusePartilhaFields(issues: IssueList, line: TaxLine, group: string): void {
  for (const field of ['uf_st', 'operacao_propria_percent'] as const)
    if (given(line.raw[field]))
      issues.at(
        line.path,
        field,
        'tax_line_mismatch',
        `${group} is not shared between states: ${field} belongs to ICMSPart (CST 10 or 90)`,
      );
}

/** `<ICMS>…</ICMS>` for one item, adding its values to the item totals. */
export function renderIcms(input: IcmsInput): string {
  const { issues, lines } = input;
  const spec = chooseGroup(input);
  if (!spec) return '';
  const code =
    lines.icms?.raw[spec.codeTag === 'CST' ? 'cst' : 'csosn'] ??
    (spec.codeTag === 'CST' ? input.fiscalCst : input.fiscalCsosn) ??
    '';
  let body = spec.start + input.orig + spec.afterOrig + code + spec.afterCode;
  if (spec.mono) body += monoBlock(input, code, spec.tag);

  const icms = lines.icms;
  if (icms?.special) {
    if (!spec.partilha) refusePartilhaFields(issues, icms, spec.tag);
    if (spec.own === 'none') refuseDeferralFields(input, icms, spec.tag);
  }
  let hasOwn = false;
  if (spec.own !== 'none') {
    if (icms) {
      body += ownBlock(input, icms, spec);
      hasOwn = true;
    } else if (
      spec.own === 'required' ||
      spec.own === 'requiredReduced' ||
      spec.own === 'requiredReducedAfter'
    ) {
      issues.add(
        [...input.fiscalPath, 'tributos'],
        'tax_line_missing',
        `${spec.tag} needs an 'icms' line`,
      );
    }
  } else if (icms && !spec.credit) {
    zeroOnly(issues, icms, spec.tag);
  }

  const fcp = lines.fcp;
  if (fcp) {
    if (spec.fcp === 'none') {
      mismatch(issues, fcp, `${spec.tag} has no FCP fields`);
      if (fcp.special) refuseDeferralFields(input, fcp, spec.tag);
    } else if (spec.own === 'optionalReducedAfter' && !hasOwn)
      mismatch(issues, fcp, `${spec.tag} carries FCP only with an 'icms' line`);
    else body += fcpBlock(input, fcp, spec);
  }

  const st = lines.icms_st;
  const fcpSt = lines.fcp_st;
  if (st) {
    if (spec.st === 'none') mismatch(issues, st, `${spec.tag} has no ICMS-ST fields`);
    else body += stBlock(input, st, spec);
  } else if (spec.st === 'required') {
    issues.add(
      [...input.fiscalPath, 'tributos'],
      'tax_line_missing',
      `${spec.tag} needs an 'icms_st' line`,
    );
  }
  if (fcpSt) {
    if (spec.st === 'none') mismatch(issues, fcpSt, `${spec.tag} has no FCP-ST fields`);
    else if (!st) mismatch(issues, fcpSt, `${spec.tag} carries FCP-ST only with an 'icms_st' line`);
    else body += fcpStBlock(input, fcpSt, spec);
  }

  if (spec.credit) {
    if (icms) body += creditBlock(input, icms, spec);
    else
      issues.add(
        [...input.fiscalPath, 'tributos'],
        'tax_line_missing',
        `${spec.tag} needs an 'icms' line (pCredSN, vCredICMSSN)`,
      );
  }
  // The rarer blocks (desoneração, ST charged earlier, partilha, …) cost nothing when absent.
  if (lines.more || spec.partilha) body += renderIcmsTail(input, spec);
  return body + spec.end;
}
