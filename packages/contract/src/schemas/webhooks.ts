import { z } from 'zod';

import { DateTimeSchema, queryInt, UuidSchema } from './common.js';

/** What a webhook can be told of: a final status of a document, an event or an inutilização. */
export const WEBHOOK_EVENT_TYPES = [
  'documento.autorizado',
  'documento.rejeitado',
  'documento.denegado',
  'documento.cancelado',
  'evento.registrado',
  'evento.rejeitado',
  'inutilizacao.homologada',
  'inutilizacao.rejeitada',
] as const;

export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;

/** The type of the message `POST /v1/webhooks/{id}/teste` sends (never sent for real work). */
export const WEBHOOK_TEST_TYPE = 'webhook.teste';

/** Long enough for any real endpoint with a query string; bounded so a row stays small. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

/**
 * Where deliveries are POSTed. Only its form is checked here; which hosts it may reach (https
 * only in production, no private addresses) is the API's check, as it needs the configuration
 * and DNS. Credentials in the URL (user:password@) are refused there too, so that the 422 does not
 * echo them.
 */
export const WebhookUrlSchema = z
  .string()
  .max(WEBHOOK_URL_MAX_LENGTH)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'Input should be a valid URL',
        params: { type: 'url_parsing' },
      });
      return;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      ctx.addIssue({
        code: 'custom',
        message:
          "URL scheme should be 'https' (or 'http' to a loopback address outside production)",
        params: { type: 'url_scheme', ctx: { expected_schemes: "'https', 'http'" } },
      });
  })
  .describe(
    'The https URL deliveries are POSTed to (at most 2048 characters, no user:password@). http only to a loopback address (localhost, 127.0.0.1, ::1) and only outside production; in production a host resolving to a loopback, private, link-local, CGNAT or cloud-metadata address is refused (WEBHOOK_ALLOW_PRIVATE=true allows it). Redirects are not followed.',
  );

const EventosSchema = z
  .array(WebhookEventTypeSchema.describe('One event type'))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length);

const EVENTOS_DESCRIPTION = `The event types this webhook receives: ${WEBHOOK_EVENT_TYPES.join(', ')}. Absent: every type, those added later included.`;

export const WebhookCreateSchema = z
  .object({
    url: WebhookUrlSchema,
    eventos: EventosSchema.optional().describe(EVENTOS_DESCRIPTION),
    ativo: z
      .boolean()
      .default(true)
      .describe('false: nothing is delivered until it is set to true again (default true)'),
  })
  .strict();
export type WebhookCreate = z.infer<typeof WebhookCreateSchema>;
export type WebhookCreateInput = z.input<typeof WebhookCreateSchema>;

/** Only the fields given change; `eventos: null` goes back to every type. */
export const WebhookPatchSchema = z
  .object({
    url: WebhookUrlSchema.optional(),
    eventos: EventosSchema.nullable()
      .optional()
      .describe(`${EVENTOS_DESCRIPTION} null: back to every type.`),
    ativo: z
      .boolean()
      .optional()
      .describe('false stops deliveries (pending ones end as falhou); true starts them again'),
  })
  .strict();
export type WebhookPatch = z.infer<typeof WebhookPatchSchema>;

export const WebhookReadSchema = z.object({
  id: UuidSchema.describe('The webhook id (path of /v1/webhooks/{webhook_id})'),
  product_id: UuidSchema.describe('The product (API key owner) the webhook belongs to'),
  url: z.string().describe('Where deliveries are POSTed'),
  eventos: z
    .array(WebhookEventTypeSchema.describe('One event type'))
    .nullable()
    .describe('The event types it receives; null: every type, those added later included'),
  ativo: z
    .boolean()
    .describe(
      'Whether deliveries are sent; set to false by Emissor when the receiver answers 410 Gone',
    ),
  secret_anterior_expira_em: DateTimeSchema.nullable().describe(
    'After a rotation: until when the previous secret also signs every delivery (a second v1 signature); null when only one secret signs',
  ),
  created_at: DateTimeSchema.describe('When it was created (UTC)'),
});
export type WebhookRead = z.infer<typeof WebhookReadSchema>;

const SecretSchema = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]{43}=$/)
  .describe(
    'The signing secret: whsec_ and the base64 of 32 random bytes (the HMAC key is those bytes). Shown only in this answer: store it now.',
  );

/** The answer to a creation and a rotation: the only places the secret is ever shown. */
export const WebhookWithSecretSchema = WebhookReadSchema.extend({ secret: SecretSchema });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecretSchema>;

/** Hours the previous secret keeps signing after a rotation, so receivers can switch over. */
export const WEBHOOK_ROTATION_GRACE_HOURS = { default: 24, max: 168 } as const;

export const WebhookRotationSchema = z
  .object({
    secret_anterior_horas: z
      .number()
      .int()
      .min(0)
      .max(WEBHOOK_ROTATION_GRACE_HOURS.max)
      .default(WEBHOOK_ROTATION_GRACE_HOURS.default)
      .describe(
        'Hours (0–168, default 24) the previous secret keeps signing alongside the new one; 0 drops it at once',
      ),
  })
  .strict();
export type WebhookRotation = z.infer<typeof WebhookRotationSchema>;

/** `POST /v1/webhooks/{id}/teste` takes no fields (an empty object or no body at all). */
export const WebhookTestRequestSchema = z.object({}).strict();

export const WebhookDeliveryStatusSchema = z.enum(['pendente', 'entregue', 'falhou']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatusSchema>;

export const WebhookAttemptSchema = z.object({
  em: DateTimeSchema.describe('When the attempt started (UTC)'),
  http_status: z
    .number()
    .int()
    .nullable()
    .describe("The receiver's HTTP status; null when no answer came (see erro)"),
  erro: z
    .string()
    .nullable()
    .describe(
      'Why the attempt failed without an HTTP answer (timeout, connection refused, a refused address, …); null otherwise',
    ),
  duracao_ms: z.number().int().describe('How long the attempt took, in milliseconds'),
  resposta: z
    .string()
    .nullable()
    .describe("The first 256 characters of the receiver's answer body; null when it sent none"),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliveryReadSchema = z.object({
  webhook_id: z
    .string()
    .describe(
      'The webhook-id header of this delivery: the same on every retry, so a receiver drops the repeats of one it already handled',
    ),
  type: z
    .string()
    .describe(`The event type (${WEBHOOK_EVENT_TYPES.join(', ')}, or ${WEBHOOK_TEST_TYPE})`),
  recurso_id: UuidSchema.nullable().describe(
    'The document, event or inutilização the message is about (data.id); null for webhook.teste',
  ),
  status: WebhookDeliveryStatusSchema.describe(
    'pendente (not delivered yet, retries left), entregue (a 2xx answer), falhou (retries exhausted after at least 24 h, the receiver answered 410 Gone, or the webhook was deactivated or deleted)',
  ),
  tentativas: z
    .array(WebhookAttemptSchema.describe('One attempt'))
    .describe('Every attempt, oldest first'),
  proxima_tentativa_em: DateTimeSchema.nullable().describe(
    'When the next attempt is due while pendente; null once entregue or falhou',
  ),
  created_at: DateTimeSchema.describe('When the event happened and the delivery was queued (UTC)'),
});
export type WebhookDeliveryRead = z.infer<typeof WebhookDeliveryReadSchema>;

export const WebhookIdParamsSchema = z.object({
  webhook_id: UuidSchema.describe('The `id` of the webhook'),
});

/** `GET /v1/webhooks/{id}/entregas`: newest first. */
export const WebhookDeliveryListQuerySchema = z.object({
  status: WebhookDeliveryStatusSchema.optional().describe('Only deliveries in this status'),
  limit: queryInt({ min: 1, max: 200 }).default(50).describe('Page size, 1–200'),
  offset: queryInt({ min: 0, max: Number.MAX_SAFE_INTEGER })
    .default(0)
    .describe('How many deliveries to skip (newest first)'),
});
export type WebhookDeliveryListQuery = z.infer<typeof WebhookDeliveryListQuerySchema>;
