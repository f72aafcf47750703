/*
 * What the DANFE prints, read from the XML. Every value is the XML's own text (trimmed); decimals
 * stay decimal text until they are formatted, so nothing passes through a binary float.
 */

/** An address as the NF-e writes it (enderEmit, enderDest). */
export interface Address {
  readonly street?: string;
  readonly number?: string;
  readonly complement?: string;
  readonly district?: string;
  readonly city?: string;
  readonly uf?: string;
  readonly cep?: string;
  readonly phone?: string;
}

export interface Emitter {
  /** CNPJ (14, possibly alphanumeric) or CPF (11). */
  readonly document: string;
  readonly name: string;
  readonly tradeName?: string;
  readonly address: Address;
  readonly ie?: string;
  readonly ieSt?: string;
  readonly im?: string;
  readonly crt?: string;
}

export interface Recipient {
  /** CNPJ, CPF or idEstrangeiro; empty for a foreign recipient without one. */
  readonly document?: string;
  readonly name?: string;
  readonly address: Address;
  readonly ie?: string;
}

/** One `det`: the columns of "Dados dos Produtos/Serviços" and the lines printed under it. */
export interface Item {
  readonly number: string;
  readonly code: string;
  readonly description: string;
  readonly ncm?: string;
  /** orig + CST (3 digits) or orig + CSOSN (4 digits). */
  readonly cst?: string;
  readonly cfop?: string;
  readonly unit?: string;
  readonly quantity: string;
  readonly unitPrice: string;
  readonly total: string;
  readonly discount?: string;
  /** prod/vFrete, vSeg, vOutro: the item's share of freight, insurance and other charges. */
  readonly freight?: string;
  readonly insurance?: string;
  readonly otherCharges?: string;
  readonly taxUnit?: string;
  readonly taxQuantity?: string;
  readonly taxUnitPrice?: string;
  readonly icmsBase?: string;
  readonly icmsValue?: string;
  readonly icmsRate?: string;
  readonly icmsStBase?: string;
  readonly icmsStValue?: string;
  readonly ipiValue?: string;
  readonly ipiRate?: string;
  readonly additionalInfo?: string;
  /** NT 2026.010 §4.3: IBS/CBS of the item, when the XML has `imposto/IBSCBS`. */
  readonly ibsCbs?: ItemIbsCbs;
  /** NT 2026.010 §4.3: Imposto Seletivo of the item, when the XML has `imposto/IS`. */
  readonly is?: ItemIs;
}

export interface ItemIbsCbs {
  readonly cst: string;
  readonly classification: string;
  readonly base?: string;
  /** The rate printed: the effective rate (`gRed/pAliqEfet`) when there is a reduction, else the nominal. */
  readonly ibsUfRate?: string;
  readonly ibsUfValue?: string;
  readonly ibsMunRate?: string;
  readonly ibsMunValue?: string;
  readonly cbsRate?: string;
  readonly cbsValue?: string;
}

export interface ItemIs {
  readonly cst: string;
  readonly classification: string;
  readonly base?: string;
  readonly rate?: string;
  readonly value?: string;
}

/** total/ICMSTot (W02…), with the fields the "Cálculo do Imposto" block shows. */
export interface Totals {
  readonly icmsBase?: string;
  readonly icms?: string;
  readonly icmsStBase?: string;
  readonly icmsSt?: string;
  readonly products?: string;
  readonly freight?: string;
  readonly insurance?: string;
  readonly discount?: string;
  readonly other?: string;
  readonly ipi?: string;
  readonly ii?: string;
  readonly pis?: string;
  readonly cofins?: string;
  readonly icmsUfRemet?: string;
  readonly icmsUfDest?: string;
  readonly fcpUfDest?: string;
  readonly fcp?: string;
  readonly fcpSt?: string;
  readonly approxTaxes?: string;
  readonly invoice: string;
}

/** NT 2026.010 §4.1 "Total do IBS/CBS/IS": from total/IBSCBSTot and total/ISTot. */
export interface IbsCbsTotals {
  readonly cbs?: string;
  readonly ibsUf?: string;
  readonly ibsMun?: string;
  readonly is?: string;
  readonly ibsMono?: string;
  readonly cbsMono?: string;
  readonly ibsMonoReten?: string;
  readonly cbsMonoReten?: string;
  /** total/vNFTot: the invoice total with IBS/CBS/IS. */
  readonly invoiceWithTaxes?: string;
}

export interface IssqnTotals {
  readonly services?: string;
  readonly base?: string;
  readonly issqn?: string;
}

export interface Volume {
  readonly quantity?: string;
  readonly kind?: string;
  readonly brand?: string;
  readonly numbering?: string;
  readonly netWeight?: string;
  readonly grossWeight?: string;
}

/** veicTransp or reboque (TVeiculo). */
export interface Vehicle {
  readonly plate: string;
  readonly uf?: string;
  readonly rntc?: string;
}

export interface Transport {
  readonly mode: string;
  readonly carrierDocument?: string;
  readonly carrierName?: string;
  readonly carrierIe?: string;
  readonly carrierAddress?: string;
  readonly carrierCity?: string;
  readonly carrierUf?: string;
  /** veicTransp, then each reboque, in the XML's order. */
  readonly vehicles: readonly Vehicle[];
  /** vagao (identificação do vagão) and balsa (identificação da balsa), the schema's alternatives. */
  readonly wagon?: string;
  readonly ferry?: string;
  readonly volumes: readonly Volume[];
}

export interface Installment {
  readonly number?: string;
  readonly due?: string;
  readonly value?: string;
}

export interface Billing {
  readonly invoice?: {
    readonly number?: string;
    readonly original?: string;
    readonly discount?: string;
    readonly net?: string;
  };
  readonly installments: readonly Installment[];
}

/** retirada (group F) or entrega (group G): a place other than the emitter's or recipient's. */
export interface Place {
  readonly document?: string;
  readonly name?: string;
  readonly ie?: string;
  readonly address: Address;
  /** xPais, kept only for a place abroad (cPais other than 1058, Brasil). */
  readonly country?: string;
}

/** One obsCont or obsFisco: the attribute xCampo and the text xTexto. */
export interface Observation {
  readonly field: string;
  readonly text: string;
}

/** One procRef: the process number and who it is before (indProc), plus the act type (tpAto). */
export interface ProcessReference {
  readonly number: string;
  readonly origin: string;
  readonly actType?: string;
}

/** infAdic (group Z): infAdFisco, infCpl and the named notes and processes beside them. */
export interface AdditionalInfo {
  readonly fisco?: string;
  readonly complementary?: string;
  readonly taxpayerNotes: readonly Observation[];
  readonly fiscoNotes: readonly Observation[];
  readonly processes: readonly ProcessReference[];
}

/** One ide/NFref, already in the words it is printed in. */
export type DocumentReference =
  | { readonly kind: 'nfe' | 'nfeSig' | 'cte'; readonly key: string }
  | {
      readonly kind: 'nf' | 'producer';
      readonly uf?: string;
      readonly yearMonth?: string;
      readonly document?: string;
      readonly ie?: string;
      readonly model?: string;
      readonly series?: string;
      readonly number?: string;
    }
  | { readonly kind: 'ecf'; readonly model?: string; readonly ecf?: string; readonly coo?: string };

/** infIntermed: the platform the sale went through (NT 2020.006). */
export interface Intermediary {
  readonly cnpj?: string;
  readonly id?: string;
}

/** protNFe/infProt, when the document is an nfeProc. */
export interface Protocol {
  readonly number?: string;
  readonly receivedAt?: string;
  readonly status: string;
  readonly key?: string;
}

/** Everything the DANFE prints, read from one NF-e. */
export interface NfeData {
  /** The 44-character chave (digits, or letters in positions 7–18 with the alphanumeric CNPJ). */
  readonly key: string;
  readonly operationNature: string;
  readonly series: string;
  readonly number: string;
  readonly issuedAt: string;
  readonly exitAt?: string;
  /** tpNF: 0 entrada, 1 saída. */
  readonly direction: string;
  /** tpAmb: 1 produção, 2 homologação. */
  readonly environment: string;
  readonly emissionType: string;
  readonly contingencyAt?: string;
  readonly contingencyReason?: string;
  readonly emitter: Emitter;
  readonly recipient?: Recipient;
  readonly items: readonly Item[];
  readonly totals: Totals;
  readonly ibsCbsTotals?: IbsCbsTotals;
  readonly issqn?: IssqnTotals;
  readonly transport: Transport;
  readonly billing?: Billing;
  readonly pickup?: Place;
  readonly delivery?: Place;
  readonly references: readonly DocumentReference[];
  readonly intermediary?: Intermediary;
  readonly additional: AdditionalInfo;
  readonly protocol?: Protocol;
}
