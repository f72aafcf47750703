/*
 * The emission request as the API receives it (interface-spec §2.5, EmissaoRequest), field for
 * field and with the same nesting, so every issue path is also a path into the request body.
 * Decimals are plain decimal text ("10", "0.1", "-3.50"); the API turns JSON numbers into such text.
 */

import type { NfeCobranca } from './types-cobranca.js';
import type {
  NfeCombustivel,
  NfeDeclaracaoImportacao,
  NfeDetalheExportacao,
  NfeDevolucao,
  NfeMedicamento,
  NfePedidoCompra,
  NfeRastro,
  NfeVeiculo,
} from './types-item.js';
import type { NfeCartao } from './types-pagamento.js';
import type {
  NfeArma,
  NfeCreditoPresumidoIcms,
  NfeEmbalagem,
  NfeItemReferenciado,
} from './types-product-details.js';
import type { NfeAutorizadoXml, NfeIntermediador, NfeLocal } from './types-parties.js';
import type { NfeDocumentoReferenciado } from './types-references.js';
import type {
  NfeCompra,
  NfeExportacao,
  NfeInformacoesAdicionais,
  NfeObservacao,
} from './types-additional.js';
import type { NfeTransporte } from './types-transporte.js';
import type { NfeTributoLinhaGrupos } from './types-tax-lines.js';

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
  /** emit/IEST: IE as tax substitute in the destination state, 2–14 digits. */
  ie_st?: string | null;
  /** emit/IM: municipal registration, 1–15 characters. */
  inscricao_municipal?: string | null;
  /** emit/CNAE, 7 digits; the layout writes it only with the IM. */
  cnae?: string | null;
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
  /** dest/idEstrangeiro: a foreign buyer's document (5–20 characters, or empty for none). */
  id_estrangeiro?: string | null;
  /** dest/ISUF: SUFRAMA registration, 8–9 digits. */
  inscricao_suframa?: string | null;
  /** dest/IM: municipal registration, 1–15 characters. */
  inscricao_municipal?: string | null;
  /** enderDest/cPais (BACEN country code): 1058 Brasil by default, another one abroad. */
  address_country_code?: string | null;
  /** enderDest/xPais. */
  address_country?: string | null;
  /** enderDest/fone: 6–14 digits (needs the address). */
  fone?: string | null;
}

/** One tax line computed by the caller's tax engine; `tax_domain` picks its place (docs/api-rules.md "Tax lines"). */
export interface NfeTributoLinha extends NfeTributoLinhaGrupos {
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

/** gMonoPadrao, gMonoReten or gMonoRet: a quantity taxed at IBS and CBS amounts per unit. */
export interface NfeMonofasiaQuantidade {
  /** qBCMono…: the quantity taxed (4 places). */
  quantidade: DecimalText;
  /** adRemIBS…: IBS per unit. */
  ad_rem_ibs: DecimalText;
  /** vIBSMono…. */
  valor_ibs: DecimalText;
  /** adRemCBS…: CBS per unit. */
  ad_rem_cbs: DecimalText;
  /** vCBSMono…. */
  valor_cbs: DecimalText;
}

/** gIBSCredPres / gCBSCredPres: the percent and exactly one of the two values. */
export interface NfeCreditoPresumido {
  /** pCredPres. */
  percentual: DecimalText;
  /** vCredPres. */
  valor?: DecimalText | null;
  /** vCredPresCondSus: a credit under a suspensive condition. */
  valor_condicao_suspensiva?: DecimalText | null;
}

/** Whole-item IBS and CBS values of one group (IBS is not split by sphere there). */
export interface NfeValoresIbsCbs {
  valor_ibs: DecimalText;
  valor_cbs: DecimalText;
}

/** Per-sphere rates and values (gTribRegular, gTribCompraGov). */
export interface NfeValoresPorEsfera {
  aliquota_ibs_uf: DecimalText;
  valor_ibs_uf: DecimalText;
  aliquota_ibs_mun: DecimalText;
  valor_ibs_mun: DecimalText;
  aliquota_cbs: DecimalText;
  valor_cbs: DecimalText;
}

/**
 * The groups of det/imposto/IBSCBS beyond the three sphere lines (`ibs_uf`, `ibs_mun`, `cbs`), which
 * still give the item's CST and cClassTrib. Each key is one group of TTribNFe.
 */
export interface NfeIbsCbsGrupos {
  /** IBSCBS/indDoacao: `1` when the operation is a donation. */
  doacao?: string | null;
  /** gIBSCBSMono (CST 620). vTotIBSMonoItem/vTotCBSMonoItem are computed. */
  monofasia?: {
    padrao?: NfeMonofasiaQuantidade | null;
    retencao?: NfeMonofasiaQuantidade | null;
    retido_anteriormente?: NfeMonofasiaQuantidade | null;
    diferimento?: {
      percentual_ibs: DecimalText;
      valor_ibs: DecimalText;
      percentual_cbs: DecimalText;
      valor_cbs: DecimalText;
    } | null;
  } | null;
  /** gTransfCred (CST 800, in a debit note). */
  transferencia_credito?: NfeValoresIbsCbs | null;
  /** gAjusteCompet (CST 811): `competencia` is the period adjusted, YYYY-MM. */
  ajuste_competencia?: (NfeValoresIbsCbs & { competencia: string }) | null;
  /** gEstornoCred: credit reversed. */
  estorno_credito?: NfeValoresIbsCbs | null;
  /** gCredPresOper: presumed credit of the operation. */
  credito_presumido?: {
    /** vBCCredPres. */
    base_calc: DecimalText;
    /** cCredPres, 2 digits. */
    codigo: string;
    ibs?: NfeCreditoPresumido | null;
    cbs?: NfeCreditoPresumido | null;
  } | null;
  /** gCredPresIBSZFM (CST 810, credit note of tpNFCredito 02, emitter in Amazonas). */
  credito_presumido_zfm?: {
    /** competApur, YYYY-MM. */
    competencia: string;
    /** tpCredPresIBSZFM, 0–4. */
    tipo: string;
    /** vCredPresIBSZFM. */
    valor: DecimalText;
  } | null;
  /** gIBSCBS/gTribRegular: the taxation if the cClassTrib's condition is not met. */
  tributacao_regular?:
    | (NfeValoresPorEsfera & {
        cst: string;
        classificacao_tributaria: string;
      })
    | null;
  /** gIBSCBS/gTribCompraGov: the split without art. 473 in a government purchase. */
  compra_governamental?: NfeValoresPorEsfera | null;
}

export interface NfeFiscalResult {
  cfop: string;
  consumidor_final: boolean;
  indicador_ie: string;
  csosn?: string | null;
  cst?: string | null;
  origem?: string | null;
  tributos?: NfeTributoLinha[];
  /** IBSCBS groups beyond gIBSCBS's spheres (see NfeIbsCbsGrupos). */
  ibs_cbs?: NfeIbsCbsGrupos | null;
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
  /** prod/vDesc: the item's discount; 0 or absent writes none. */
  valor_desconto?: DecimalText | null;
  /** prod/vFrete: the item's share of the freight. */
  valor_frete?: DecimalText | null;
  /** prod/vSeg: the item's share of the insurance. */
  valor_seguro?: DecimalText | null;
  /** prod/vOutro: other charges of the item. */
  valor_outras_despesas?: DecimalText | null;
  /** prod/indTot: `1` (default) vProd counts in ICMSTot/vProd, `0` it does not. */
  incluir_no_total?: string | null;
  /** det/infAdProd, 1–500 characters. */
  informacoes_adicionais?: string | null;
  /** prod/xPed and nItemPed. */
  pedido_compra?: NfePedidoCompra | null;
  /** prod/EXTIPI: the TIPI exception, 2–3 digits. */
  ex_tipi?: string | null;
  /** prod/DI, up to 100. */
  importacao?: NfeDeclaracaoImportacao[] | null;
  /** prod/detExport, up to 500. */
  exportacao?: NfeDetalheExportacao[] | null;
  /** prod/rastro, up to 500. */
  rastreabilidade?: NfeRastro[] | null;
  /** prod/med (one of medicamento, combustivel, veiculo). */
  medicamento?: NfeMedicamento | null;
  /** prod/comb. */
  combustivel?: NfeCombustivel | null;
  /** prod/veicProd. */
  veiculo?: NfeVeiculo | null;
  /** det/impostoDevol (finNFe 4). */
  devolucao?: NfeDevolucao | null;
  /** prod/cBarra: a barcode other than a GTIN, 3–30 characters. */
  codigo_barras?: string | null;
  /** prod/cBarraTrib: the taxable unit's barcode other than a GTIN, 3–30 characters. */
  codigo_barras_tributavel?: string | null;
  /** prod/NVE: up to 8 codes of two letters and four digits. */
  nve?: string[] | null;
  /** prod/indEscala: S made at a relevant scale, N not (then cnpj_fabricante); needs the CEST. */
  escala_relevante?: string | null;
  /** prod/CNPJFab: the manufacturer's CNPJ (needs the CEST). */
  cnpj_fabricante?: string | null;
  /** prod/gCred, up to 4. */
  creditos_presumidos_icms?: NfeCreditoPresumidoIcms[] | null;
  /** prod/nFCI: the import content sheet (FCI), a GUID. */
  numero_fci?: string | null;
  /** prod/infProdEmb. */
  embalagem?: NfeEmbalagem | null;
  /** prod/arma, up to 500 (instead of veiculo, medicamento, combustivel, numero_recopi). */
  armas?: NfeArma[] | null;
  /** prod/nRECOPI: the RECOPI number of immune paper, 20 digits. */
  numero_recopi?: string | null;
  /** det/obsItem/obsCont. */
  observacao_contribuinte?: NfeObservacao | null;
  /** det/obsItem/obsFisco. */
  observacao_fisco?: NfeObservacao | null;
  /** prod/indBemMovelUsado (PL_010b): `1` a used movable good bought from a person. */
  bem_movel_usado?: string | null;
  /** prod/tpCredPresIBSZFM (PL_010b): 0–4, the IBS sub-ledger class in the Zona Franca de Manaus. */
  tipo_credito_presumido_zfm?: string | null;
  /** det/DFeReferenciado (PL_010b). */
  documento_referenciado?: NfeItemReferenciado | null;
}

export interface NfePagamento {
  tpag: string;
  valor: DecimalText;
  /** Default `0` (payment in cash / à vista). */
  indpag?: string | null;
  /** detPag/card. */
  cartao?: NfeCartao | null;
  /** detPag/dPag, YYYY-MM-DD. */
  data_pagamento?: string | null;
  /** detPag/xPag: required with tpag 99. */
  descricao?: string | null;
  /** detPag/CNPJPag: the establishment that processed the payment (with uf_transacional). */
  cnpj_transacional?: string | null;
  /** detPag/UFPag: that establishment's state. */
  uf_transacional?: string | null;
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
  /** More detPag after `pagamento`'s (pag holds at most 100). */
  outros_pagamentos?: NfePagamento[] | null;
  /** transp; absent: modFrete 9 only. */
  transporte?: NfeTransporte | null;
  /** cobr: the invoice and its instalments. */
  cobranca?: NfeCobranca | null;
  ambiente: 'homologacao' | 'producao';
  uf_destino_tipo: 'interna' | 'interestadual' | 'exterior';
  ver_proc: string;
  /** Only `55`. */
  document_model?: string;
  /** Default `1` (normal); `5` credit note and `6` debit note carry only IBS/CBS (PL_010b). */
  fin_nfe?: string;
  /** ide/tpNFDebito (01–07), required on a debit note (fin_nfe 6). */
  tp_nf_debito?: string | null;
  /** ide/tpNFCredito (01–05), required on a credit note (fin_nfe 5). */
  tp_nf_credito?: string | null;
  /** ide/gCompraGov: a purchase by a government entity (LC 214/2025 art. 473). */
  compra_governamental?: {
    /** tpEnteGov: 1 União, 2 Estado, 3 Distrito Federal, 4 Município. */
    tipo_ente: string;
    /** pRedutor: percent the IBS/CBS rates are reduced by. */
    percentual_reducao: DecimalText;
    /** tpOperGov: 1 supply, 2 receipt of the payment. */
    tipo_operacao: string;
  } | null;
  /** Default `1` (final consumer). */
  ind_final?: string;
  /** Default `1` (in person). */
  ind_pres?: string;
  /** Default `1` (normal emission). */
  tp_emis?: string;
  /** Default `Venda`. */
  nat_op?: string;
  /** ide/tpNF: `1` saída (default), `0` entrada. */
  tp_nf?: string;
  /** ide/dhSaiEnt: ISO 8601 date-time with its offset; written in the emitter state's offset. */
  data_saida_entrada?: string | null;
  /** ide/indIntermed: `0` own site or none, `1` a third party's platform (then `intermediador`). */
  ind_intermed?: string | null;
  /** ide/NFref, up to 500. */
  documentos_referenciados?: NfeDocumentoReferenciado[] | null;
  /** retirada: where the goods are picked up, when not at the emitter's address. */
  retirada?: NfeLocal | null;
  /** entrega: where the goods are delivered, when not at the recipient's address. */
  entrega?: NfeLocal | null;
  /** autXML, up to 10. */
  autorizados_xml?: NfeAutorizadoXml[] | null;
  /** infIntermed (with ind_intermed 1). */
  intermediador?: NfeIntermediador | null;
  /** infAdic. */
  informacoes_adicionais?: NfeInformacoesAdicionais | null;
  /** exporta (uf_destino_tipo exterior). */
  exportacao?: NfeExportacao | null;
  /** compra. */
  compra?: NfeCompra | null;
  /** ide/dPrevEntrega (PL_010b): the expected delivery date, YYYY-MM-DD. */
  data_previsao_entrega?: string | null;
  /** ide/cMunFGIBS (PL_010b): the IBS/CBS city of a sale outside the establishment (ind_pres 5). */
  municipio_fato_gerador_ibs?: string | null;
  /** ide/gPagAntecipado/refNFe (PL_010b): the NF-e of advance payments this one settles, up to 99. */
  pagamentos_antecipados?: string[] | null;
}

/**
 * An NF-e issued in SVC contingency (sefaz.md §9): the UF's authoriser is down and its SEFAZ has
 * switched the UF's virtual contingency authoriser on, so the document names that SVC in
 * ide/tpEmis (position 35 of the chave, hence a chave of its own) and says since when and why in
 * ide/dhCont and ide/xJust. `@emissor/sefaz`'s `svcOf(uf)` gives the UF's SVC and its tpEmis.
 */
export interface NfeSvcContingency {
  /** ide/tpEmis: `6` SVC-AN, `7` SVC-RS; replaces the request's `tp_emis`. */
  tpEmis: '6' | '7';
  /**
   * ide/dhCont: the moment contingency began, written like dhEmi (emitter state's offset, whole
   * seconds). Not after `issuedAt` (SEFAZ 558) and not more than 30 days before it (569).
   */
  since: Date;
  /** ide/xJust: why the document is issued in contingency, 15–256 characters (TString). */
  justification: string;
}

/** What varies per emission: the allocated number, the random cNF and the instant. */
export interface NfeRenderParams {
  /** nNF, 1–999999999. */
  numero: number;
  /** cNF, 8 digits (see `isValidCodigoNumerico`). */
  codigoNumerico: string;
  /** dhEmi; written in the emitter state's offset, whole seconds. */
  issuedAt: Date;
  /**
   * Issue in SVC contingency: tpEmis from it (the chave's too), then dhCont and xJust. Absent: the
   * request's `tp_emis`, no dhCont/xJust — the same bytes as before contingency existed.
   */
  contingency?: NfeSvcContingency;
}
