// The library's public face: build an NF-e (in one step, or prepared before a number and rendered
// after), its errors and types, the chave and cNF rules, and what the local SEFAZ reads documents
// with. The layout tables and the IBS/CBS arithmetic are internal; the rule module's helpers are
// at `@emissor/nfe-xml/rtc`, the exact decimals (the one decimal code of Emissor's packages) at
// `@emissor/nfe-xml/decimal`, the text forms at `@emissor/nfe-xml/primitives`.
export { buildNfe } from './render.js';
export { prepareNfe } from './prepare.js';
export type { PrepareOptions } from './prepare.js';
export type { PreparedNfe } from './prepared-nfe.js';
export { NfeValidationError } from './errors.js';
export {
  chaveAcesso,
  isValidCodigoNumerico,
  modulo11CheckDigit,
  pickCodigoNumerico,
} from './chave.js';
export { ufInfo } from './ufs.js';
export { localDateTime } from './datetime.js';
export { escapeText } from './xml-escape.js';
export { HOMOLOGACAO_DEST_NAME } from './render/dest.js';
export { CARD_BRANDS } from './render/card.js';
export { ResponsavelTecnico } from './responsavel-tecnico.js';
export type { NfeResponsavelTecnicoInput } from './responsavel-tecnico.js';
export type * from './types-references.js';
export type * from './types-tax-lines.js';
export type * from './types-parties.js';
export type * from './types-additional.js';
export type * from './types-product-details.js';

export type { ChaveParts } from './chave.js';
export type { IssuePath, NfeIssue } from './errors.js';
export type { LocalTime } from './datetime.js';
export type { UfInfo } from './ufs.js';
export type {
  DecimalText,
  NfeDestinatario,
  NfeEmitente,
  NfeCreditoPresumido,
  NfeFiscalResult,
  NfeIbsCbsGrupos,
  NfeItem,
  NfeMonofasiaQuantidade,
  NfePagamento,
  NfeRenderParams,
  NfeRequest,
  NfeSvcContingency,
  NfeTributoLinha,
} from './types.js';
export type {
  NfeRetencaoIcmsTransporte,
  NfeTransportadora,
  NfeTransporte,
  NfeVeiculoTransporte,
  NfeVolume,
} from './types-transporte.js';
export type { NfeCobranca, NfeDuplicata, NfeFatura } from './types-cobranca.js';
export type { NfeCartao } from './types-pagamento.js';
export type {
  NfeAdicaoImportacao,
  NfeCide,
  NfeCombustivel,
  NfeDeclaracaoImportacao,
  NfeDetalheExportacao,
  NfeDevolucao,
  NfeEncerrante,
  NfeExportacaoIndireta,
  NfeMedicamento,
  NfeOrigemCombustivel,
  NfePedidoCompra,
  NfeRastro,
  NfeVeiculo,
} from './types-item.js';

// IBS, CBS and IS (reforma tributária, NT 2025.002): the rule checks, for the builder and for any
// reader of a received document (the local SEFAZ).
export { checkRtcDocument, readRtcDocument } from './rtc/index.js';
export type * from './rtc/document.js';

// SVC contingency: a document SEFAZ never received, issued again with tpEmis 6/7 under a new chave.
export { reissueInSvc } from './contingency-reissue.js';
