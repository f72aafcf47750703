/*
 * The emission request as the API receives it (interface-spec §2.5, EmissaoRequest), field for
 * field and with the same nesting, so every issue path is also a path into the request body.
 * Decimals are plain decimal text ("10", "0.1", "-3.50"); the API turns JSON numbers into such text.
 */

/** Plain decimal text: optional sign, digits, optional point. */
export type DecimalText = string;

export interface NfeEmitente {
  cnpj: string;
  razao_social: string;
  ie: string;
  crt: string;
  address_street: string;
  address_number: string;
  address_district: string;
  address_city: string;
  address_state: string;
  address_zip: string;
  address_city_ibge_code: string;
  address_complement?: string | null;
  fone?: string | null;
  nome_fantasia?: string | null;
}

export interface NfeDestinatario {
  nome: string;
  indicador_ie: string;
  cnpj?: string | null;
  cpf?: string | null;
  ie?: string | null;
  email?: string | null;
  address_street?: string | null;
  address_number?: string | null;
  address_complement?: string | null;
  address_district?: string | null;
  address_city?: string | null;
  address_city_ibge_code?: string | null;
  address_state?: string | null;
  address_zip?: string | null;
}

/** One tax line computed by the caller's tax engine; `tax_domain` picks its place (decisions.md table). */
export interface NfeTributoLinha {
  tax_domain: string;
  base_calc: DecimalText;
  base_calc_percent: DecimalText;
  valor: DecimalText;
  rule_id: string;
  aliquota?: DecimalText | null;
  aliquota_st?: DecimalText | null;
  fcp_percent?: DecimalText | null;
  mva?: DecimalText | null;
  codigo_beneficio?: string | null;
  csosn?: string | null;
  cst?: string | null;
  /** IBS/CBS and IS lines: cClassTrib / cClassTribIS, 6 digits (its first three are the CST). */
  classificacao_tributaria?: string | null;
  /** IBS/CBS lines: pRedAliq of gRed (percent of the rate taken off). */
  reducao_aliquota_percent?: DecimalText | null;
  /** IBS/CBS lines: pAliqEfet of gRed; computed from the rate and the reduction when absent. */
  aliquota_efetiva?: DecimalText | null;
  /** IBS/CBS lines: pDif of gDif (percent of the tax deferred). */
  diferimento_percent?: DecimalText | null;
  /** IBS/CBS lines: vDif of gDif; computed when absent. */
  valor_diferido?: DecimalText | null;
  /** IBS/CBS lines: vDevTrib (tax returned to the buyer, gDevTrib). */
  valor_devolvido?: DecimalText | null;
  /** IS lines: pISEspec (specific rate). */
  aliquota_especifica?: DecimalText | null;
  /** IS lines: uTrib, the unit of the specific rate (given with `quantidade_tributavel`). */
  unidade_tributavel?: string | null;
  /** IS lines: qTrib, the quantity of the specific rate. */
  quantidade_tributavel?: DecimalText | null;
}

export interface NfeFiscalResult {
  cfop: string;
  consumidor_final: boolean;
  indicador_ie: string;
  csosn?: string | null;
  cst?: string | null;
  origem?: string | null;
  tributos?: NfeTributoLinha[];
}

export interface NfeItem {
  codigo: string;
  descricao: string;
  ncm: string;
  cfop: string;
  unidade_comercial: string;
  unidade_tributavel: string;
  quantidade: DecimalText;
  valor_unitario: DecimalText;
  fiscal_result: NfeFiscalResult;
  cest?: string | null;
  gtin?: string | null;
  peso_bruto_kg?: DecimalText | null;
  peso_liquido_kg?: DecimalText | null;
}

export interface NfePagamento {
  tpag: string;
  valor: DecimalText;
  /** Default `0` (payment in cash / à vista). */
  indpag?: string | null;
}

/** EmissaoRequest, mirrored. Optional fields take the spec's defaults when absent. */
export interface NfeRequest {
  tenant_ref?: string;
  branch_ref?: string;
  serie: number;
  emitente: NfeEmitente;
  /** null or absent: an unidentified final consumer (no `dest` group). */
  destinatario?: NfeDestinatario | null;
  itens: NfeItem[];
  pagamento: NfePagamento;
  ambiente: 'homologacao' | 'producao';
  uf_destino_tipo: 'interna' | 'interestadual';
  ver_proc: string;
  /** Only `55`. */
  document_model?: string;
  /** Default `1` (normal). */
  fin_nfe?: string;
  /** Default `1` (final consumer). */
  ind_final?: string;
  /** Default `1` (in person). */
  ind_pres?: string;
  /** Default `1` (normal emission). */
  tp_emis?: string;
  /** Default `Venda`. */
  nat_op?: string;
}

/** What varies per emission: the allocated number, the random cNF and the instant. */
export interface NfeRenderParams {
  /** nNF, 1–999999999. */
  numero: number;
  /** cNF, 8 digits (see `isValidCodigoNumerico`). */
  codigoNumerico: string;
  /** dhEmi; written in the emitter state's offset, whole seconds. */
  issuedAt: Date;
}
