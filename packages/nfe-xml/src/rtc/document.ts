/*
 * The IBS/CBS/IS values of an NF-e as the XML writes them (PL_010b, NT 2025.002): the input of the
 * rule checks in rules.ts. Field names are the layout's tags, values their decimal text ("0.90"), so
 * the builder hands in what it is about to write and a reader of a received XML (the local SEFAZ) can
 * fill the same shapes from the tags.
 */

/** Decimal text as written in the XML ("12.50", "0.9000"). */
export type XmlDecimal = string;

/** gIBSUF, gIBSMun or gCBS: the nominal rate, the optional subgroups and the value. */
export interface RtcSphere {
  /** pIBSUF / pIBSMun / pCBS. */
  readonly rate: XmlDecimal;
  /** gDif: pDif, vDif. */
  readonly deferral?: { readonly pDif: XmlDecimal; readonly vDif: XmlDecimal };
  /** gDevTrib/vDevTrib. */
  readonly vDevTrib?: XmlDecimal;
  /** gRed: pRedAliq, pAliqEfet. */
  readonly reduction?: { readonly pRedAliq: XmlDecimal; readonly pAliqEfet: XmlDecimal };
  /** vIBSUF / vIBSMun / vCBS. */
  readonly value: XmlDecimal;
}

/**
 * gIBSCBS/gTribRegular (TTribRegular): how the item would be taxed if the resolutory or suspensive
 * condition of its cClassTrib were not met.
 */
export interface RtcTribRegular {
  readonly CSTReg: string;
  readonly cClassTribReg: string;
  readonly pAliqEfetRegIBSUF: XmlDecimal;
  readonly vTribRegIBSUF: XmlDecimal;
  readonly pAliqEfetRegIBSMun: XmlDecimal;
  readonly vTribRegIBSMun: XmlDecimal;
  readonly pAliqEfetRegCBS: XmlDecimal;
  readonly vTribRegCBS: XmlDecimal;
}

/**
 * gIBSCBS/gTribCompraGov (TTribCompraGov): in a government purchase (ide/gCompraGov), how the
 * item's IBS/CBS would split among the spheres without art. 473 of LC 214/2025.
 */
export interface RtcTribCompraGov {
  readonly pAliqIBSUF: XmlDecimal;
  readonly vTribIBSUF: XmlDecimal;
  readonly pAliqIBSMun: XmlDecimal;
  readonly vTribIBSMun: XmlDecimal;
  readonly pAliqCBS: XmlDecimal;
  readonly vTribCBS: XmlDecimal;
}

/** gIBSCBS (TCIBS). */
export interface RtcGIbsCbs {
  readonly vBC: XmlDecimal;
  readonly gIBSUF: RtcSphere;
  readonly gIBSMun: RtcSphere;
  readonly vIBS: XmlDecimal;
  readonly gCBS: RtcSphere;
  readonly gTribRegular?: RtcTribRegular;
  readonly gTribCompraGov?: RtcTribCompraGov;
}

/** One monophase subgroup of gIBSCBSMono with a quantity (gMonoPadrao, gMonoReten, gMonoRet). */
export interface RtcMonoQuantity {
  /** qBCMono / qBCMonoReten / qBCMonoRet (TDec1104RTC). */
  readonly quantity: XmlDecimal;
  /** adRemIBS / adRemIBSReten / adRemIBSRet: IBS per unit. */
  readonly adRemIBS: XmlDecimal;
  readonly vIBS: XmlDecimal;
  /** adRemCBS / adRemCBSReten / adRemCBSRet: CBS per unit. */
  readonly adRemCBS: XmlDecimal;
  readonly vCBS: XmlDecimal;
}

/** gIBSCBSMono (TMonofasia, CST 620): fuels taxed once, per quantity (LC 214/2025 arts. 172–180). */
export interface RtcMono {
  /** gMonoPadrao: the monophase tax of this sale. */
  readonly gMonoPadrao?: RtcMonoQuantity;
  /** gMonoReten: tax retained on the biofuel to be blended (art. 178). */
  readonly gMonoReten?: RtcMonoQuantity;
  /** gMonoRet: tax retained earlier in the chain (art. 180); not owed by this sale. */
  readonly gMonoRet?: RtcMonoQuantity;
  /** gMonoDif: pDifIBS, vIBSMonoDif, pDifCBS, vCBSMonoDif. */
  readonly gMonoDif?: {
    readonly pDifIBS: XmlDecimal;
    readonly vIBSMonoDif: XmlDecimal;
    readonly pDifCBS: XmlDecimal;
    readonly vCBSMonoDif: XmlDecimal;
  };
  /** vIBSMono + vIBSMonoReten − vIBSMonoDif (UB104-10). */
  readonly vTotIBSMonoItem: XmlDecimal;
  /** vCBSMono + vCBSMonoReten − vCBSMonoDif (UB105-10). */
  readonly vTotCBSMonoItem: XmlDecimal;
}

/** gIBSCredPres / gCBSCredPres (TCredPres): pCredPres, then vCredPres or vCredPresCondSus. */
export interface RtcCredPres {
  readonly pCredPres: XmlDecimal;
  readonly vCredPres?: XmlDecimal;
  readonly vCredPresCondSus?: XmlDecimal;
}

/** det/imposto/IBSCBS (TTribNFe): the first choice (gIBSCBS, gIBSCBSMono, gTransfCred, gAjusteCompet), gEstornoCred, the second choice. */
export interface RtcIbsCbs {
  readonly CST: string;
  readonly cClassTrib: string;
  /** indDoacao: `1`, the operation is a donation. */
  readonly indDoacao?: '1';
  readonly gIBSCBS?: RtcGIbsCbs;
  readonly gIBSCBSMono?: RtcMono;
  /** gTransfCred (TTransfCred, CST 800): credit transferred, in a debit note. */
  readonly gTransfCred?: { readonly vIBS: XmlDecimal; readonly vCBS: XmlDecimal };
  /** gAjusteCompet (TAjusteCompet, CST 811): an adjustment of the period `competApur` (YYYY-MM). */
  readonly gAjusteCompet?: {
    readonly competApur: string;
    readonly vIBS: XmlDecimal;
    readonly vCBS: XmlDecimal;
  };
  /** gEstornoCred (TEstornoCred): credit reversed. */
  readonly gEstornoCred?: { readonly vIBSEstCred: XmlDecimal; readonly vCBSEstCred: XmlDecimal };
  /** gCredPresOper (TCredPresOper): presumed credit of the operation. */
  readonly gCredPresOper?: {
    readonly vBCCredPres: XmlDecimal;
    readonly cCredPres: string;
    readonly gIBSCredPres?: RtcCredPres;
    readonly gCBSCredPres?: RtcCredPres;
  };
  /** gCredPresIBSZFM (TCredPresIBSZFM, CST 810): presumed IBS credit of the Zona Franca de Manaus. */
  readonly gCredPresIBSZFM?: {
    readonly competApur: string;
    readonly tpCredPresIBSZFM: string;
    readonly vCredPresIBSZFM: XmlDecimal;
  };
}

/** det/imposto/IS (TIS). */
export interface RtcIs {
  readonly CSTIS: string;
  readonly cClassTribIS: string;
  readonly vBCIS?: XmlDecimal;
  readonly pIS?: XmlDecimal;
  readonly pISEspec?: XmlDecimal;
  readonly uTrib?: string;
  readonly qTrib?: XmlDecimal;
  readonly vIS?: XmlDecimal;
}

/** The det fields vItem is made of (RV VB01-10); absent ones count as zero. */
export interface RtcItemValues {
  readonly vProd: XmlDecimal;
  readonly vDesc?: XmlDecimal;
  /** Deducted only with indDeduzDeson=1: give it only then. */
  readonly vICMSDeson?: XmlDecimal;
  readonly vICMSST?: XmlDecimal;
  readonly vICMSMonoReten?: XmlDecimal;
  readonly vFCPST?: XmlDecimal;
  readonly vFrete?: XmlDecimal;
  readonly vSeg?: XmlDecimal;
  readonly vOutro?: XmlDecimal;
  readonly vII?: XmlDecimal;
  readonly vIPI?: XmlDecimal;
  readonly vIPIDevol?: XmlDecimal;
  /** PISST/vPIS, added only with indSomaPISST=1: give it only then. */
  readonly vPISST?: XmlDecimal;
  /** COFINSST/vCOFINS, added only with indSomaCOFINSST=1: give it only then. */
  readonly vCOFINSST?: XmlDecimal;
}

/** The tax groups other than IS/IBSCBS an item carries (B25-80: forbidden on credit/debit notes). */
export type RtcOtherTax = 'ICMS' | 'IPI' | 'II' | 'PIS' | 'COFINS' | 'ISSQN';

export interface RtcItem {
  /** det/@nItem, 1-based. */
  readonly nItem: number;
  /** prod/indTot; default '1' (the item counts in the totals). */
  readonly indTot?: '0' | '1';
  readonly IBSCBS?: RtcIbsCbs;
  readonly IS?: RtcIs;
  /** det/vItem. */
  readonly vItem?: XmlDecimal;
  /** When given, vItem is checked against them (VB01-10). */
  readonly values?: RtcItemValues;
  readonly otherTaxes?: readonly RtcOtherTax[];
}

/** total/IBSCBSTot (TIBSCBSMonoTot). */
export interface RtcIbsCbsTot {
  readonly vBCIBSCBS: XmlDecimal;
  readonly gIBS?: {
    readonly gIBSUF: {
      readonly vDif: XmlDecimal;
      readonly vDevTrib: XmlDecimal;
      readonly vIBSUF: XmlDecimal;
    };
    readonly gIBSMun: {
      readonly vDif: XmlDecimal;
      readonly vDevTrib: XmlDecimal;
      readonly vIBSMun: XmlDecimal;
    };
    readonly vIBS: XmlDecimal;
    readonly vCredPres: XmlDecimal;
    readonly vCredPresCondSus: XmlDecimal;
  };
  readonly gCBS?: {
    readonly vDif: XmlDecimal;
    readonly vDevTrib: XmlDecimal;
    readonly vCBS: XmlDecimal;
    readonly vCredPres: XmlDecimal;
    readonly vCredPresCondSus: XmlDecimal;
  };
  /** Written when some item carries gIBSCBSMono. */
  readonly gMono?: {
    readonly vIBSMono: XmlDecimal;
    readonly vCBSMono: XmlDecimal;
    readonly vIBSMonoReten: XmlDecimal;
    readonly vCBSMonoReten: XmlDecimal;
    readonly vIBSMonoRet: XmlDecimal;
    readonly vCBSMonoRet: XmlDecimal;
  };
  /** Written when some item carries gEstornoCred. */
  readonly gEstornoCred?: { readonly vIBSEstCred: XmlDecimal; readonly vCBSEstCred: XmlDecimal };
}

export interface RtcDocument {
  /** ide/finNFe ('1'…'6'). */
  readonly finNFe: string;
  /** ide/tpNFDebito ('01'…'07'), on a debit note. */
  readonly tpNFDebito?: string;
  /** ide/tpNFCredito ('01'…'05'), on a credit note. */
  readonly tpNFCredito?: string;
  /** ide/cUF, the emitter's state code ('13' is Amazonas). */
  readonly cUF?: string;
  /** ide/gCompraGov/pRedutor, when the note is a government purchase. */
  readonly pRedutor?: XmlDecimal;
  readonly itens: readonly RtcItem[];
  readonly IBSCBSTot?: RtcIbsCbsTot;
  /** total/ISTot/vIS. */
  readonly vISTot?: XmlDecimal;
  readonly vNFTot?: XmlDecimal;
}

/** What the caller knows beyond the document. */
export interface RtcCheckOptions {
  /**
   * The year of dhEmi. Given, the rates of the test years are checked (UB18-10, UB37-10, UB56-10:
   * 2026 → IBS UF 0.10 %, IBS Mun 0 %, CBS 0.90 %; 2027–2028 → IBS UF and Mun 0.05 %). Without it,
   * rates are not checked.
   */
  readonly year?: number;
  /** UB12-10 in force: every item must carry IBSCBS (cStat 1115). Off by default (§3.3 of the research). */
  readonly requireIbsCbs?: boolean;
  /**
   * The year and month of dhEmi, `YYYY-MM`. Given, a competApur of gCredPresIBSZFM after it is
   * refused (UB132-10).
   */
  readonly period?: string;
}

/** One broken rule. `cStat` is the SEFAZ rejection code as transcribed (research §4), when known. */
export interface RtcViolation {
  /** The NT's rule id, e.g. `UB35-10`. */
  readonly rule: string;
  readonly cStat?: number;
  /** Index into `itens` (0-based), absent for document-level rules. */
  readonly item?: number;
  /** Where in the item or document, as tag path: `IBSCBS/gIBSCBS/gIBSUF/vIBSUF`, `total/vNFTot`. */
  readonly field: string;
  readonly message: string;
}
