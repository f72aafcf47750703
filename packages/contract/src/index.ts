export { contract } from './contract.js';
export { certificatesRouter } from './routes/certificates.js';
export { documentsRouter } from './routes/documents.js';
export { emissionsRouter } from './routes/emissions.js';
export { eventsRouter } from './routes/events.js';
export { healthRouter } from './routes/health.js';
export { openApiRouter } from './routes/openapi.js';
export { sefazRouter } from './routes/sefaz.js';
export { seriesRouter } from './routes/series.js';
export { voidsRouter } from './routes/voids.js';

export {
  AmbienteSchema,
  CnpjSchema,
  DateTimeSchema,
  DocumentModelSchema,
  queryInt,
  RefSchema,
  TenantBranchQuerySchema,
  UuidSchema,
} from './schemas/common.js';
export {
  DecimalSchema,
  isPositiveDecimal,
  parseDecimal,
  PositiveDecimalSchema,
} from './schemas/decimal.js';
export {
  ERROR_CODE_DESCRIPTIONS,
  ErrorBodySchema,
  ErrorCodeSchema,
  HTTPValidationErrorSchema,
  ValidationIssueSchema,
} from './schemas/errors.js';
export { HealthSchema, NotReadySchema, ReadySchema } from './schemas/health.js';
export {
  FiscalSeriesCreateSchema,
  FiscalSeriesPatchSchema,
  FiscalSeriesReadSchema,
  NextNumberSchema,
  SerieSchema,
  SeriesIdParamsSchema,
} from './schemas/series.js';
export {
  CertificateUploadFieldsSchema,
  FiscalCertificateReadSchema,
} from './schemas/certificates.js';
export {
  DestinatarioDataPayloadSchema,
  EmissaoRequestSchema,
  EmissionHeadersSchema,
  EmitenteDataPayloadSchema,
  FiscalResultPayloadSchema,
  ItemDataPayloadSchema,
  PagamentoDataPayloadSchema,
  TributoLinhaPayloadSchema,
  IBS_CBS_LINES_DESCRIPTION,
  IBS_CBS_GROUPS_DESCRIPTION,
  IbsCbsGruposPayloadSchema,
  CompraGovernamentalPayloadSchema,
  UfDestinoTipoSchema,
} from './schemas/emissions.js';
export {
  DocumentIdParamsSchema,
  DocumentListQuerySchema,
  FiscalDocumentReadSchema,
} from './schemas/documents.js';

export {
  CancelamentoRequestSchema,
  CartaCorrecaoRequestSchema,
  EventIdParamsSchema,
  FiscalEventReadSchema,
  FiscalEventStatusSchema,
  FiscalEventTipoSchema,
  JustificativaSchema,
  layoutText,
} from './schemas/events.js';
export {
  FiscalVoidOrigemSchema,
  FiscalVoidReadSchema,
  FiscalVoidStatusSchema,
  InutilizacaoRequestSchema,
  VoidIdParamsSchema,
  VoidListQuerySchema,
} from './schemas/voids.js';

export type { Contract } from './contract.js';
export type { Ambiente, TenantBranchQuery } from './schemas/common.js';
export type { Decimal, DecimalInput, DecimalParse, DecimalProblem } from './schemas/decimal.js';
export type {
  ErrorBody,
  ErrorCode,
  HTTPValidationError,
  ValidationIssue,
} from './schemas/errors.js';
export type { Health, NotReady, Ready } from './schemas/health.js';
export type { FiscalSeriesCreate, FiscalSeriesPatch, FiscalSeriesRead } from './schemas/series.js';
export type {
  CertificateUploadFields,
  CertificateUploadForm,
  FiscalCertificateRead,
} from './schemas/certificates.js';
export type {
  DestinatarioDataPayload,
  EmissaoRequest,
  EmissaoRequestInput,
  EmitenteDataPayload,
  FiscalResultPayload,
  IbsCbsGruposPayload,
  ItemDataPayload,
  PagamentoDataPayload,
  TributoLinhaPayload,
} from './schemas/emissions.js';
export type { DocumentListQuery, FiscalDocumentRead } from './schemas/documents.js';
export type {
  CancelamentoRequest,
  CartaCorrecaoRequest,
  FiscalEventRead,
} from './schemas/events.js';
export type { FiscalVoidRead, InutilizacaoRequest, VoidListQuery } from './schemas/voids.js';
export {
  SefazStatusQuerySchema,
  SefazStatusReadSchema,
  UF_CODES,
  UfSchema,
} from './schemas/sefaz.js';
export type { SefazStatusQuery, SefazStatusRead, Uf } from './schemas/sefaz.js';
