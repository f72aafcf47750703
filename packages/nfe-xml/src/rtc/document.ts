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

/** gIBSCBS (TCIBS) without gTribRegular/gTribCompraGov, which carry no checked arithmetic here. */
export interface RtcGIbsCbs {
  readonly vBC: XmlDecimal;
  readonly gIBSUF: RtcSphere;
  readonly gIBSMun: RtcSphere;
  readonly vIBS: XmlDecimal;
  readonly gCBS: RtcSphere;
}

/** det/imposto/IBSCBS (TTribNFe). `gIBSCBS` is the only choice member modelled. */
export interface RtcIbsCbs {
  readonly CST: string;
  readonly cClassTrib: string;
  readonly gIBSCBS?: RtcGIbsCbs;
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

/** total/IBSCBSTot (TIBSCBSMonoTot) without gMono and gEstornoCred (no item value feeds them here). */
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
}

export interface RtcDocument {
  /** ide/finNFe ('1'…'6'). */
  readonly finNFe: string;
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
