/* The document's closing groups: infAdic, exporta and compra. Field names follow the request's. */

/** obsCont / obsFisco: a named free field (xCampo, xTexto). */
export interface NfeObservacao {
  /** xCampo, 1–20 characters. */
  campo: string;
  /** xTexto, 1–60 characters. */
  texto: string;
}

/** procRef: a process or concessive act behind the document's treatment. */
export interface NfeProcessoReferenciado {
  /** nProc, 1–60 characters. */
  numero: string;
  /** indProc: 0 SEFAZ, 1 Justiça Federal, 2 Justiça Estadual, 3 Secex/RFB, 4 CONFAZ, 9 others. */
  origem: string;
  /** tpAto: 08, 10, 12, 14 or 15 (the kind of a SEFAZ act). */
  tipo_ato?: string | null;
}

/** infAdic. */
export interface NfeInformacoesAdicionais {
  /** infAdFisco, up to 2000 characters. */
  fisco?: string | null;
  /** infCpl, up to 5000 characters. */
  contribuinte?: string | null;
  observacoes_contribuinte?: NfeObservacao[] | null;
  observacoes_fisco?: NfeObservacao[] | null;
  processos?: NfeProcessoReferenciado[] | null;
}

/** exporta: where the goods leave the country. */
export interface NfeExportacao {
  /** UFSaidaPais: the state of embarkation or border crossing. */
  uf_embarque: string;
  /** xLocExporta, 1–60 characters. */
  local_embarque: string;
  /** xLocDespacho, 1–60 characters. */
  local_despacho?: string | null;
}

/** compra: the buyer's references (public purchases' nota de empenho, order, contract). */
export interface NfeCompra {
  /** xNEmp, 1–22 characters. */
  nota_empenho?: string | null;
  /** xPed, 1–60 characters. */
  pedido?: string | null;
  /** xCont, 1–60 characters. */
  contrato?: string | null;
}
