/*
 * Which groups an IBS/CBS CST calls for: the indicator columns of the CST table of Informe Técnico
 * 2025.002 (ind_gIBSCBS, ind_gIBSCBSMono, ind_gRed, ind_gDif, ind_gTransfCred, ind_gCredPresIBSZFM,
 * ind_gAjusteCompet, ind_RedutorBC), as transcribed in shared/research/ibs-cbs.md §2. The official
 * spreadsheet is not in shared/; the XSD's own comments agree (620 → gIBSCBSMono, 800 →
 * gTransfCred, 811 → gAjusteCompet). When a new table version lands, this is the one place to edit.
 */

/**
 * The group a CST asks for (TTribNFe), or none: gIBSCBS, gIBSCBSMono, gTransfCred and gAjusteCompet
 * are the first choice of the type; gCredPresIBSZFM is the second one.
 */
export type IbsCbsMainGroup =
  'gIBSCBS' | 'gIBSCBSMono' | 'gTransfCred' | 'gCredPresIBSZFM' | 'gAjusteCompet' | 'none';

export interface CstIndicators {
  readonly group: IbsCbsMainGroup;
  /** ind_gRed: the rate reduction group (gRed) is required in every sphere whose rate is > 0. */
  readonly reduction: boolean;
  /** ind_gDif: the deferral group (gDif) is required; without it, it is forbidden. */
  readonly deferral: boolean;
  /** ind_RedutorBC: the base itself is reduced (the caller's vBC already is). */
  readonly baseReducer: boolean;
}

const row = (
  group: IbsCbsMainGroup,
  flags: { reduction?: boolean; deferral?: boolean; baseReducer?: boolean } = {},
): CstIndicators => ({
  group,
  reduction: flags.reduction ?? false,
  deferral: flags.deferral ?? false,
  baseReducer: flags.baseReducer ?? false,
});

export const IBS_CBS_CSTS: ReadonlyMap<string, CstIndicators> = new Map([
  ['000', row('gIBSCBS')],
  ['010', row('gIBSCBS')],
  ['011', row('gIBSCBS', { reduction: true })],
  ['200', row('gIBSCBS', { reduction: true })],
  ['220', row('gIBSCBS')],
  ['221', row('gIBSCBS')],
  ['222', row('gIBSCBS', { baseReducer: true })],
  ['400', row('none')],
  ['410', row('none')],
  ['510', row('gIBSCBS', { deferral: true })],
  ['515', row('gIBSCBS', { reduction: true, deferral: true })],
  ['550', row('gIBSCBS')],
  ['620', row('gIBSCBSMono')],
  ['800', row('gTransfCred')],
  ['810', row('gCredPresIBSZFM')],
  ['811', row('gAjusteCompet')],
  ['820', row('none')],
  ['830', row('gIBSCBS')],
]);

/** The CSTs Emissor can build: every CST of the table (each group of TTribNFe is written). */
export function buildableCst(cst: string): boolean {
  return IBS_CBS_CSTS.has(cst);
}
