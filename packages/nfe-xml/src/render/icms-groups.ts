import type { IssuePath } from '../errors.js';
import type { IssueList } from '../validate/issues.js';
import type { Totals } from './item-totals.js';
import type { TaxLines } from './tax-lines.js';

/*
 * det/imposto/ICMS: one group per CST (Regime Normal, CRT 3) or CSOSN (Simples Nacional, CRT 1, 2
 * and 4), with the blocks each group has in leiauteNFe_v4.00.xsd. Two CSTs have a second group the
 * request picks by its lines: 10/90 shared between states (ICMSPart, the icms line's uf_st and
 * operacao_propria_percent) and 41/60 with ST owed to the destination state (ICMSST, an
 * icms_st_destino line).
 */

/** How a group places the own-ICMS block (modBC … vICMS). */
export type OwnBlock =
  | 'none'
  | 'required' // modBC vBC pICMS vICMS (00, 10)
  | 'requiredReduced' // modBC pRedBC vBC pICMS vICMS (20, 70)
  | 'optionalReducedFirst' // modBC pRedBC? cBenefRBC? vBC pICMS vICMSOp? pDif? vICMSDif? vICMS (51)
  | 'optionalReducedAfter' // modBC vBC pRedBC? pICMS vICMS, optional (90, SN900)
  | 'requiredReducedAfter'; // modBC vBC pRedBC? pICMS vICMS (ICMSPart)

/** The blocks a group may end with, after its ST block. */
export interface GroupTail {
  /** motDesICMS values of the desoneração block (vICMSDeson motDesICMS indDeduzDeson?). */
  readonly deson: readonly string[] | undefined;
  /** vICMSSTDeson motDesICMSST (10, 70, 90). */
  readonly stDeson: boolean;
  /**
   * ST charged earlier: `optional` blocks vBCSTRet…, vBCFCPSTRet…, pRedBCEfet… (60, SN500);
   * `repasse` the same plus vBCSTDest vICMSSTDest, the retained block required (ICMSST).
   */
  readonly retained: 'none' | 'optional' | 'repasse';
  /** ICMS51: pDif/vICMSDif, the FCP deferral and cBenefRBC. */
  readonly deferral: boolean;
  /** ICMSSN900: pCredSN vCredICMSSN from an icms_credito_sn line. */
  readonly creditLine: boolean;
  /** ICMSPart: pBCOp UFST. */
  readonly partilha: boolean;
  /** ICMS02, 15, 53, 61: monophase fuels (quantity × ad rem rate). */
  readonly mono: boolean;
}

export interface GroupSpec extends GroupTail {
  readonly tag: string;
  readonly codeTag: 'CST' | 'CSOSN';
  readonly own: OwnBlock;
  /** FCP block: none, pFCP+vFCP (ICMS00) or vBCFCP+pFCP+vFCP. */
  readonly fcp: 'none' | 'short' | 'full';
  readonly st: 'none' | 'required' | 'optional';
  /** Simples Nacional credit (pCredSN vCredICMSSN) from the icms line (101, 201). */
  readonly credit: boolean;
  /** `<ICMS><tag><orig>`, `</orig><CST>` and `</tag></ICMS>`, spelled out once for every item. */
  readonly start: string;
  readonly afterOrig: string;
  readonly afterCode: string;
  readonly end: string;
}

const NO_TAIL: GroupTail = {
  deson: undefined,
  stDeson: false,
  retained: 'none',
  deferral: false,
  creditLine: false,
  partilha: false,
  mono: false,
};

const G = (
  tag: string,
  codeTag: 'CST' | 'CSOSN',
  own: OwnBlock,
  fcp: GroupSpec['fcp'],
  st: GroupSpec['st'],
  tail: Partial<GroupTail> & { credit?: boolean } = {},
): GroupSpec => ({
  ...NO_TAIL,
  ...tail,
  tag,
  codeTag,
  own,
  fcp,
  st,
  credit: tail.credit ?? false,
  start: `<ICMS><${tag}><orig>`,
  afterOrig: `</orig><${codeTag}>`,
  afterCode: `</${codeTag}>`,
  end: `</${tag}></ICMS>`,
});

/** motDesICMS of ICMS20, 70 and 90 and motDesICMSST: 3 agropecuária, 9 outros, 12 fomento agropecuário. */
export const AGRO_MOTIVES = ['3', '9', '12'] as const;
/** motDesICMS of ICMS30: 6 utilitários/motocicletas (Amazônia Ocidental, ALC), 7 SUFRAMA, 9 outros. */
const ICMS30_MOTIVES = ['6', '7', '9'] as const;
/** motDesICMS of ICMS40 (40 isenta, 41 não tributada, 50 suspensão). */
const ICMS40_MOTIVES = ['1', '3', '4', '5', '6', '7', '8', '9', '10', '11', '16', '90'] as const;

const MONO = { mono: true } as const;

/** CST → group (Regime Normal). */
export const CST_GROUPS: Readonly<Record<string, GroupSpec>> = {
  '00': G('ICMS00', 'CST', 'required', 'short', 'none'),
  '02': G('ICMS02', 'CST', 'none', 'none', 'none', MONO),
  '10': G('ICMS10', 'CST', 'required', 'full', 'required', { stDeson: true }),
  '15': G('ICMS15', 'CST', 'none', 'none', 'none', MONO),
  '20': G('ICMS20', 'CST', 'requiredReduced', 'full', 'none', { deson: AGRO_MOTIVES }),
  '30': G('ICMS30', 'CST', 'none', 'none', 'required', { deson: ICMS30_MOTIVES }),
  '40': G('ICMS40', 'CST', 'none', 'none', 'none', { deson: ICMS40_MOTIVES }),
  '41': G('ICMS40', 'CST', 'none', 'none', 'none', { deson: ICMS40_MOTIVES }),
  '50': G('ICMS40', 'CST', 'none', 'none', 'none', { deson: ICMS40_MOTIVES }),
  '51': G('ICMS51', 'CST', 'optionalReducedFirst', 'full', 'none', { deferral: true }),
  '53': G('ICMS53', 'CST', 'none', 'none', 'none', MONO),
  '60': G('ICMS60', 'CST', 'none', 'none', 'none', { retained: 'optional' }),
  '61': G('ICMS61', 'CST', 'none', 'none', 'none', MONO),
  '70': G('ICMS70', 'CST', 'requiredReduced', 'full', 'required', {
    deson: AGRO_MOTIVES,
    stDeson: true,
  }),
  '90': G('ICMS90', 'CST', 'optionalReducedAfter', 'full', 'optional', {
    deson: AGRO_MOTIVES,
    stDeson: true,
  }),
};

/** CST 10/90 shared between the origin and the destination state (ICMSPart). */
export const PARTILHA_GROUPS: Readonly<Record<string, GroupSpec>> = {
  '10': G('ICMSPart', 'CST', 'requiredReducedAfter', 'none', 'required', { partilha: true }),
  '90': G('ICMSPart', 'CST', 'requiredReducedAfter', 'none', 'required', { partilha: true }),
};

/** CST 41/60 with ICMS-ST owed to the destination state (ICMSST, repasse). */
export const REPASSE_GROUPS: Readonly<Record<string, GroupSpec>> = {
  '41': G('ICMSST', 'CST', 'none', 'none', 'none', { retained: 'repasse' }),
  '60': G('ICMSST', 'CST', 'none', 'none', 'none', { retained: 'repasse' }),
};

/** CSOSN → group (Simples Nacional). */
export const CSOSN_GROUPS: Readonly<Record<string, GroupSpec>> = {
  '101': G('ICMSSN101', 'CSOSN', 'none', 'none', 'none', { credit: true }),
  '102': G('ICMSSN102', 'CSOSN', 'none', 'none', 'none'),
  '103': G('ICMSSN102', 'CSOSN', 'none', 'none', 'none'),
  '300': G('ICMSSN102', 'CSOSN', 'none', 'none', 'none'),
  '400': G('ICMSSN102', 'CSOSN', 'none', 'none', 'none'),
  '201': G('ICMSSN201', 'CSOSN', 'none', 'none', 'required', { credit: true }),
  '202': G('ICMSSN202', 'CSOSN', 'none', 'none', 'required'),
  '203': G('ICMSSN202', 'CSOSN', 'none', 'none', 'required'),
  '500': G('ICMSSN500', 'CSOSN', 'none', 'none', 'none', { retained: 'optional' }),
  '900': G('ICMSSN900', 'CSOSN', 'optionalReducedAfter', 'none', 'optional', {
    creditLine: true,
  }),
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
  /** An interstate operation (idDest 2): ICMSPart and ICMSST exist only there. */
  readonly interstate?: boolean;
  /** The destinatário has a SUFRAMA registration (desoneração motive 7 needs one). */
  readonly suframa?: boolean;
  /** The item's CFOP is an entry's (1xxx, 2xxx): motive 7 then needs no SUFRAMA registration. */
  readonly entry?: boolean;
}
