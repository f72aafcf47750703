export { buildNfe, renderNfe } from './render.js';
export { MAX_ITEMS, prepareNfe } from './prepare.js';
export type { PrepareOptions } from './prepare.js';
export { NfeValidationError } from './errors.js';
export {
  chaveAcesso,
  isValidCodigoNumerico,
  modulo11CheckDigit,
  pickCodigoNumerico,
} from './chave.js';
export {
  addDecimals,
  compareDecimals,
  decimal,
  decimalToString,
  formatDecimal,
  fractionDigits,
  integerDigits,
  multiplyDecimals,
  parseDecimal,
  roundDecimal,
  signOf,
  subtractDecimals,
  sumDecimals,
  ZERO,
} from './decimal.js';
export { ufInfo, ufs } from './ufs.js';
export { localDateTime } from './datetime.js';
export { escapeText } from './xml-escape.js';
export { HOMOLOGACAO_DEST_NAME } from './render/dest.js';
export { CSOSN_GROUPS, CST_GROUPS } from './render/icms.js';
export { PAYMENT_TYPES } from './render/pag.js';
export { TAX_DOMAINS } from './render/tax-lines.js';
export { LAYOUT_ACCEPTS_ALPHANUMERIC_CNPJ } from './validate/documents.js';

export type { ChaveParts } from './chave.js';
export type { Decimal } from './decimal.js';
export type { IssuePath, NfeIssue } from './errors.js';
export type { LocalTime } from './datetime.js';
export type { UfInfo } from './ufs.js';
export type { TaxDomain } from './render/tax-lines.js';
export type {
  DecimalText,
  NfeDestinatario,
  NfeEmitente,
  NfeFiscalResult,
  NfeItem,
  NfePagamento,
  NfeRenderParams,
  NfeRequest,
  NfeTributoLinha,
  NfeIbsCbsGrupos,
  NfeMonofasiaQuantidade,
  NfeCreditoPresumido,
  PreparedNfe,
} from './types.js';

// IBS, CBS and IS (reforma tributária, NT 2025.002): the pure rule checks and their helpers, for the
// builder and for any reader of a received document (the local SEFAZ).
export {
  buildableCst,
  checkRtcDocument,
  deferredValue,
  effectiveRate,
  IBS_CBS_CSTS,
  ibsCbsXml,
  readRtcDocument,
  isXml,
  itemTotal,
  RATE_TOLERANCE,
  rtcTotalsXml,
  selectiveTaxValue,
  sphereValue,
  SPHERES,
  sumIbsCbsGroups,
  sumIbsCbsTotals,
  sumItemTotals,
  sumSelectiveTax,
  TEST_YEAR_RATES,
  VALUE_TOLERANCE,
} from './rtc/index.js';
export type {
  CstIndicators,
  IbsCbsMainGroup,
  RtcCheckOptions,
  RtcDocument,
  RtcGIbsCbs,
  RtcIbsCbs,
  RtcIbsCbsTot,
  RtcIs,
  RtcItem,
  RtcItemValues,
  RtcCredPres,
  RtcMono,
  RtcMonoQuantity,
  RtcOtherTax,
  RtcSphere,
  RtcTribCompraGov,
  RtcTribRegular,
  RtcViolation,
  SphereName,
  XmlDecimal,
} from './rtc/index.js';
