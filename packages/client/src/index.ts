export { createEmissorClient, DocumentNotFinalError, EmitNetworkError } from './client.js';
export { isErrorCode } from './errors.js';
export { parseRetryAfter, RETRY_DEFAULTS } from './retry.js';
export { verifyWebhook, WebhookVerificationError } from './webhooks.js';

export type {
  EmitBody,
  EmitOptions,
  EmitResult,
  CorrectionResult,
  EventResult,
  VoidBody,
  VoidResult,
  EmissorClient,
  Clock,
  EmissorClientOptions,
  EmissorRoutes,
  UploadCertificateArgs,
} from './client.js';
export type { ErrorResponseWithCode } from './errors.js';
export type { RetryOptions } from './retry.js';
export type { FetchLike } from './fetcher.js';
export type { VerifyWebhookOptions, WebhookHeaders, WebhookMessage } from './webhooks.js';
