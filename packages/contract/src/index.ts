// What the API, the SDK and their users need: the contract (its routes are `contract.<group>`), the
// bodies' schemas and types, and the error table. The schemas' building blocks (refs, query
// integers, path parameters, the decimal parser) stay inside.
export { contract, CONTRACT_TAGS } from './contract.js';
// The OpenAPI metadata the API's document generator reads (examples live next to the schemas).
export { bodyExamples } from './openapi-meta.js';
export type { BodyExample } from './openapi-meta.js';
export * as examples from './examples.js';

export {
  AmbienteSchema,
  CnpjSchema,
  TenantBranchQuerySchema,
  UuidSchema,
} from './schemas/common.js';
export { DecimalSchema, PositiveDecimalSchema } from './schemas/decimal.js';
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
} from './schemas/series.js';
export {
  CertificateUploadFieldsSchema,
  FiscalCertificateReadSchema,
} from './schemas/certificates.js';
export {
  DestinatarioDataPayloadSchema,
  EmissaoRequestSchema,
  EmitenteDataPayloadSchema,
  FiscalResultPayloadSchema,
  ItemDataPayloadSchema,
  PagamentoDataPayloadSchema,
  TributoLinhaPayloadSchema,
  IBS_CBS_LINES_DESCRIPTION,
} from './schemas/emissions.js';
export { DocumentListQuerySchema, FiscalDocumentReadSchema } from './schemas/documents.js';

export {
  CancelamentoRequestSchema,
  CartaCorrecaoRequestSchema,
  FiscalEventReadSchema,
  FiscalEventStatusSchema,
  FiscalEventTipoSchema,
  JustificativaSchema,
} from './schemas/events.js';
export {
  FiscalVoidOrigemSchema,
  FiscalVoidReadSchema,
  FiscalVoidStatusSchema,
  InutilizacaoRequestSchema,
  VoidListQuerySchema,
} from './schemas/voids.js';

export type { Contract } from './contract.js';
export type { Ambiente, TenantBranchQuery } from './schemas/common.js';
export type { Decimal, DecimalInput } from './schemas/decimal.js';
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
export {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_TYPE,
  WebhookCreateSchema,
  WebhookDeliveryReadSchema,
  WebhookEventTypeSchema,
  WebhookPatchSchema,
  WebhookReadSchema,
  WebhookRotationSchema,
  WebhookWithSecretSchema,
} from './schemas/webhooks.js';
export type {
  WebhookAttempt,
  WebhookCreate,
  WebhookCreateInput,
  WebhookDeliveryListQuery,
  WebhookDeliveryRead,
  WebhookDeliveryStatus,
  WebhookEventType,
  WebhookPatch,
  WebhookRead,
  WebhookRotation,
  WebhookWithSecret,
} from './schemas/webhooks.js';
