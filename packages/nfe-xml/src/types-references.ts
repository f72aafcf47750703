/*
 * ide/NFref: the documents an NF-e refers to (the sale a return gives back, the NF-e a complementary
 * one completes, …). Each entry holds exactly one kind of reference, field for field the request's.
 */

/** refNF: a paper NF of model 1/1A or 2. */
export interface NfeNotaModelo1 {
  /** The issuing state (UF, e.g. SP); written as its IBGE code (cUF). */
  uf: string;
  /** AAMM: year and month of issue, e.g. `2611`. */
  ano_mes: string;
  /** CNPJ of the issuer. */
  cnpj: string;
  /** mod: `01` (model 1/1A, the default) or `02`. */
  modelo?: string;
  /** serie, 0–999 (0 when the note has none). */
  serie: number;
  /** nNF, 1–999999999. */
  numero: number;
}

/** refNFP: a rural producer's note (model 04, or an NF avulsa, 01). */
export interface NfeNotaProdutor {
  uf: string;
  ano_mes: string;
  /** The producer's CNPJ or CPF: exactly one. */
  cnpj?: string | null;
  cpf?: string | null;
  /** The producer's IE (2–14 digits, or ISENTO). */
  ie: string;
  /** mod: `04` (NF de produtor, the default) or `01` (NF avulsa). */
  modelo?: string;
  serie: number;
  numero: number;
}

/** refECF: a cupom fiscal. */
export interface NfeCupomFiscal {
  /** mod: `2B` (cash register), `2C` (PDV) or `2D` (ECF). */
  modelo: string;
  /** nECF: the ECF's order number, 1–3 digits. */
  numero_ecf: string;
  /** nCOO: the operation counter, 1–6 digits. */
  coo: string;
}

/** One entry of `documentos_referenciados` → ide/NFref; exactly one key is given. */
export interface NfeDocumentoReferenciado {
  /** refNFe: the chave of an NF-e (model 55) or NFC-e (65), 44 digits. */
  chave_acesso?: string | null;
  /** refCTe: the chave of a CT-e (model 57), 44 digits. */
  chave_cte?: string | null;
  /** refNFeSig: an NF-e's chave with its cNF (positions 36–43) zeroed, keeping it confidential. */
  chave_acesso_sigilosa?: string | null;
  nota_modelo_1?: NfeNotaModelo1 | null;
  produtor_rural?: NfeNotaProdutor | null;
  cupom_fiscal?: NfeCupomFiscal | null;
}
