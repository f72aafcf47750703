import type { IssuePath } from '../errors.js';
import { signOf } from '../decimal.js';
import { layoutValue } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { accumulate, type Totals } from './item-totals.js';
import { mismatch, need, type TaxLine, type TaxLines } from './tax-lines.js';

/*
 * det/imposto/ICMS: one group per CST (Regime Normal, CRT 3) or CSOSN (Simples Nacional, CRT 1, 2
 * and 4 — decisions.md), with the element order of leiauteNFe_v4.00.xsd. The tax lines fill the
 * blocks each group has: own ICMS, FCP, ST, FCP-ST and the Simples credit.
 */

/** How a group places the own-ICMS block (modBC … vICMS). */
type OwnBlock =
  | 'none'
  | 'required' // modBC vBC pICMS vICMS (00, 10)
  | 'requiredReduced' // modBC pRedBC vBC pICMS vICMS (20, 70)
  | 'optionalReducedFirst' // modBC pRedBC? vBC pICMS vICMS, all optional (51)
  | 'optionalReducedAfter'; // modBC vBC pRedBC? pICMS vICMS, optional (90, SN900)

interface GroupSpec {
  readonly tag: string;
  readonly codeTag: 'CST' | 'CSOSN';
  readonly own: OwnBlock;
  /** FCP block: none, pFCP+vFCP (ICMS00) or vBCFCP+pFCP+vFCP. */
  readonly fcp: 'none' | 'short' | 'full';
  readonly st: 'none' | 'required' | 'optional';
  /** Simples Nacional credit (pCredSN vCredICMSSN) from the icms line. */
  readonly credit: boolean;
  /** `<ICMS><tag><orig>`, `</orig><CST>` and `</tag></ICMS>`, spelled out once for every item. */
  readonly start: string;
  readonly afterOrig: string;
  readonly afterCode: string;
  readonly end: string;
}

const G = (
  tag: string,
  codeTag: 'CST' | 'CSOSN',
  own: OwnBlock,
  fcp: GroupSpec['fcp'],
  st: GroupSpec['st'],
  credit = false,
): GroupSpec => ({
  tag,
  codeTag,
  own,
  fcp,
  st,
  credit,
  start: `<ICMS><${tag}><orig>`,
  afterOrig: `</orig><${codeTag}>`,
  afterCode: `</${codeTag}>`,
  end: `</${tag}></ICMS>`,
});

/** CST → group (Regime Normal). */
export const CST_GROUPS: Readonly<Record<string, GroupSpec>> = {
  '00': G('ICMS00', 'CST', 'required', 'short', 'none'),
  '10': G('ICMS10', 'CST', 'required', 'full', 'required'),
  '20': G('ICMS20', 'CST', 'requiredReduced', 'full', 'none'),
  '30': G('ICMS30', 'CST', 'none', 'none', 'required'),
  '40': G('ICMS40', 'CST', 'none', 'none', 'none'),
  '41': G('ICMS40', 'CST', 'none', 'none', 'none'),
  '50': G('ICMS40', 'CST', 'none', 'none', 'none'),
  '51': G('ICMS51', 'CST', 'optionalReducedFirst', 'full', 'none'),
  '60': G('ICMS60', 'CST', 'none', 'none', 'none'),
  '70': G('ICMS70', 'CST', 'requiredReduced', 'full', 'required'),
  '90': G('ICMS90', 'CST', 'optionalReducedAfter', 'full', 'optional'),
};

/** CSOSN → group (Simples Nacional). */
export const CSOSN_GROUPS: Readonly<Record<string, GroupSpec>> = {
  '101': G('ICMSSN101', 'CSOSN', 'none', 'none', 'none', true),
  '102': G('ICMSSN102', 'CSOSN', 'none', 'none', 'none'),
  '103': G('ICMSSN102', 'CSOSN', 'none', 'none', 'none'),
  '300': G('ICMSSN102', 'CSOSN', 'none', 'none', 'none'),
  '400': G('ICMSSN102', 'CSOSN', 'none', 'none', 'none'),
  '201': G('ICMSSN201', 'CSOSN', 'none', 'none', 'required', true),
  '202': G('ICMSSN202', 'CSOSN', 'none', 'none', 'required'),
  '203': G('ICMSSN202', 'CSOSN', 'none', 'none', 'required'),
  '500': G('ICMSSN500', 'CSOSN', 'none', 'none', 'none'),
  '900': G('ICMSSN900', 'CSOSN', 'optionalReducedAfter', 'none', 'optional'),
};

export interface IcmsInput {
  readonly issues: IssueList;
  /** ['itens', i, 'fiscal_result'] */
  readonly fiscalPath: IssuePath;
  /** Simples Nacional (CRT 1, 2, 4) uses CSOSN; Regime Normal (CRT 3) uses CST. */
  readonly simples: boolean;
  readonly fiscalCst: string | null | undefined;
  readonly fiscalCsosn: string | null | undefined;
  readonly orig: string;
  readonly lines: TaxLines;
  readonly totals: Totals;
}

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
  // modBC 3 = "valor da operação": the engine's base is the operation value (decisions.md gives no other).
  const modBC = '<modBC>3</modBC>';
  const tail = `<vBC>${vBC}</vBC><pICMS>${pICMS}</pICMS><vICMS>${vICMS}</vICMS>`;
  switch (spec.own) {
    case 'requiredReduced':
      return `${modBC}<pRedBC>${line.reduction ?? '0.00'}</pRedBC>${tail}`;
    case 'optionalReducedFirst':
      return `${modBC}${line.reduction ? `<pRedBC>${line.reduction}</pRedBC>` : ''}${tail}`;
    case 'optionalReducedAfter':
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
  return `${spec.fcp === 'full' ? `<vBCFCP>${vBCFCP}</vBCFCP>` : ''}<pFCP>${pFCP}</pFCP><vFCP>${vFCP}</vFCP>`;
}

function stBlock(input: IcmsInput, line: TaxLine, spec: GroupSpec): string {
  const { issues, totals } = input;
  const vBCST = need(issues, line, line.baseCalc, 'base_calc', spec.tag);
  const pICMSST = need(issues, line, line.aliquotaSt, 'aliquota_st', spec.tag);
  const vICMSST = need(issues, line, line.valor, 'valor', spec.tag);
  accumulate(totals.vBCST, line.baseCalc);
  accumulate(totals.vST, line.valor);
  // modBCST 4 = MVA when the engine gave one; 6 = "valor da operação" otherwise (decisions.md).
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
  if (!spec)
    issues.at(
      parent,
      field,
      'literal_error',
      `Input should be one of ${Object.keys(table).join(', ')}`,
    );
  return spec;
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

  const icms = lines.icms;
  let hasOwn = false;
  if (spec.own !== 'none') {
    if (icms) {
      body += ownBlock(input, icms, spec);
      hasOwn = true;
    } else if (spec.own === 'required' || spec.own === 'requiredReduced') {
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
    if (spec.fcp === 'none') mismatch(issues, fcp, `${spec.tag} has no FCP fields`);
    else if (spec.own === 'optionalReducedAfter' && !hasOwn)
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
  return body + spec.end;
}
