import { initContract } from '@ts-rest/core';
import { z } from 'zod';

import {
  WEBHOOK_CREATE_EXAMPLE,
  WEBHOOK_CREATED_EXAMPLE,
  WEBHOOK_DELIVERY_EXAMPLE,
  WEBHOOK_EXAMPLE,
  WEBHOOK_PENDING_DELIVERY_EXAMPLE,
  WEBHOOK_ROTATED_EXAMPLE,
  WEBHOOK_TEST_DELIVERY_EXAMPLE,
} from '../examples-webhooks.js';
import { asBody } from '../openapi-meta.js';
import {
  WebhookCreateSchema,
  WebhookDeliveryListQuerySchema,
  WebhookDeliveryReadSchema,
  WebhookIdParamsSchema,
  WebhookPatchSchema,
  WebhookReadSchema,
  WebhookRotationSchema,
  WebhookTestRequestSchema,
  WebhookWithSecretSchema,
} from '../schemas/webhooks.js';
import { authenticated, errorBody, invalidRequest, withJsonBody } from './responses.js';

const c = initContract();

const notAWebhookId = {
  'not a uuid': [
    { loc: ['path', 'webhook_id'], msg: 'Invalid uuid', type: 'uuid_parsing', input: '42' },
  ],
};

const unknownEventType = {
  'unknown event type': [
    {
      loc: ['body', 'eventos', 0],
      msg: "Invalid enum value. Expected 'documento.autorizado' | 'documento.rejeitado' | …",
      type: 'literal_error',
      input: 'documento.emitido',
    },
  ],
};

const privateAddress = {
  'private address': [
    {
      loc: ['body', 'url'],
      msg: 'The host resolves to 10.0.0.7, a private address: webhooks reach public addresses only',
      type: 'url_host_not_public',
      input: 'https://erp.interno.example/webhooks',
    },
  ],
};

/** Errors of the routes that name one webhook in the path. */
const oneWebhook = {
  ...authenticated,
  422: invalidRequest(notAWebhookId),
  404: errorBody('webhook_not_found'),
} as const;

const webhookRead = (description: string) =>
  asBody(WebhookReadSchema, description, {
    webhook: { summary: 'Told of authorised, rejected and cancelled NF-e', value: WEBHOOK_EXAMPLE },
  });

const SIGNING =
  'Each delivery is a POST of `{"type", "timestamp", "data"}` (data: the document, event or inutilização as the API reads it) with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed by the secret\'s bytes). A 2xx within 10 s delivers it; anything else is retried (first retry within 10 s, then with growing back-off for at least 24 h) before it ends as `falhou`; a 410 Gone deactivates the webhook. Deliveries of one document arrive in order. docs/webhooks.md shows how to verify them.';

/** Where the API tells a product's systems of final statuses (docs/webhooks.md). */
export const webhooksRouter = c.router({
  createWebhook: {
    method: 'POST',
    path: '/webhooks',
    summary: 'Register a webhook (its secret is shown only in this answer)',
    description: `At most 20 webhooks per product. ${SIGNING}`,
    body: asBody(WebhookCreateSchema, 'Where to deliver and which event types', {
      'some types': {
        summary: 'Authorised, rejected and cancelled NF-e',
        value: WEBHOOK_CREATE_EXAMPLE,
      },
      'every type': {
        summary: 'Every type, those added later included',
        value: { url: WEBHOOK_CREATE_EXAMPLE.url },
      },
    }),
    responses: {
      201: asBody(WebhookWithSecretSchema, 'The new webhook with its secret (shown only now)', {
        created: { summary: 'Store the secret now', value: WEBHOOK_CREATED_EXAMPLE },
      }),
      ...authenticated,
      422: invalidRequest({
        ...unknownEventType,
        ...privateAddress,
        'too many webhooks': [
          {
            loc: ['body'],
            msg: 'This product already has 20 webhooks, the most it may have',
            type: 'webhook_limit_reached',
            ctx: { max: 20 },
          },
        ],
        'unknown field': [
          {
            loc: ['body', 'secret'],
            msg: 'Extra inputs are not permitted',
            type: 'extra_forbidden',
          },
        ],
      }),
      ...withJsonBody,
    },
    metadata: { auth: 'api-key' } as const,
  },
  listWebhooks: {
    method: 'GET',
    path: '/webhooks',
    summary: "List the product's webhooks, oldest first",
    responses: {
      200: asBody(z.array(WebhookReadSchema), 'The webhooks (never their secrets)', {
        'one webhook': { summary: 'One webhook', value: [WEBHOOK_EXAMPLE] },
      }),
      ...authenticated,
    },
    metadata: { auth: 'api-key' } as const,
  },
  getWebhook: {
    method: 'GET',
    path: '/webhooks/:webhook_id',
    summary: 'Read a webhook (never its secret)',
    pathParams: WebhookIdParamsSchema,
    responses: { 200: webhookRead('The webhook'), ...oneWebhook },
    metadata: { auth: 'api-key' } as const,
  },
  patchWebhook: {
    method: 'PATCH',
    path: '/webhooks/:webhook_id',
    summary: 'Change the URL, the event types or whether it is active',
    description:
      'A new URL is checked as at creation. Setting `ativo` to false ends the pending deliveries as `falhou` when their turn comes.',
    pathParams: WebhookIdParamsSchema,
    body: asBody(WebhookPatchSchema, 'The fields to change', {
      deactivate: { summary: 'Stop deliveries for now', value: { ativo: false } },
      'every type': { summary: 'Back to every type', value: { eventos: null } },
    }),
    responses: {
      200: webhookRead('The webhook as changed'),
      ...oneWebhook,
      422: invalidRequest({ ...notAWebhookId, ...unknownEventType, ...privateAddress }),
      ...withJsonBody,
    },
    metadata: { auth: 'api-key' } as const,
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/webhooks/:webhook_id',
    summary: 'Delete a webhook (its pending deliveries end as falhou)',
    pathParams: WebhookIdParamsSchema,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...oneWebhook },
    metadata: { auth: 'api-key' } as const,
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/webhooks/:webhook_id/entregas',
    summary: "A webhook's deliveries, newest first, with every attempt",
    pathParams: WebhookIdParamsSchema,
    query: WebhookDeliveryListQuerySchema,
    responses: {
      200: asBody(z.array(WebhookDeliveryReadSchema), 'The deliveries, newest first', {
        deliveries: {
          summary: 'One delivered, one being retried',
          value: [WEBHOOK_PENDING_DELIVERY_EXAMPLE, WEBHOOK_DELIVERY_EXAMPLE],
        },
      }),
      ...oneWebhook,
    },
    metadata: { auth: 'api-key' } as const,
  },
  testWebhook: {
    method: 'POST',
    path: '/webhooks/:webhook_id/teste',
    summary: 'Send a signed webhook.teste message now and answer with how it went',
    description:
      'One attempt, made while the request waits (at most 10 s), whether or not the webhook is active; never retried. The message is `{"type": "webhook.teste", "timestamp", "data"}` with the webhook (without its secret) as data, signed like every delivery. It is listed among the deliveries.',
    pathParams: WebhookIdParamsSchema,
    body: asBody(WebhookTestRequestSchema, 'Nothing (an empty object, or no body)', {
      empty: { summary: 'No fields', value: {} },
    }),
    responses: {
      200: asBody(WebhookDeliveryReadSchema, 'The test delivery: entregue or falhou', {
        delivered: { summary: 'The receiver answered 204', value: WEBHOOK_TEST_DELIVERY_EXAMPLE },
      }),
      ...oneWebhook,
      ...withJsonBody,
    },
    metadata: { auth: 'api-key' } as const,
  },
  rotateWebhookSecret: {
    method: 'POST',
    path: '/webhooks/:webhook_id/rotacao',
    summary: 'Give a webhook a new secret; the previous one keeps signing for a while',
    description:
      'Until `secret_anterior_expira_em`, every delivery carries two signatures in `webhook-signature` (`v1,<new> v1,<previous>`), so receivers switch to the new secret without dropping a delivery. A rotation during the grace period drops the older previous secret.',
    pathParams: WebhookIdParamsSchema,
    body: asBody(WebhookRotationSchema, 'How long the previous secret keeps signing', {
      'one day': { summary: 'The default: 24 hours', value: { secret_anterior_horas: 24 } },
      'at once': {
        summary: 'The previous secret leaked: drop it now',
        value: { secret_anterior_horas: 0 },
      },
    }),
    responses: {
      200: asBody(WebhookWithSecretSchema, 'The webhook with its new secret (shown only now)', {
        rotated: { summary: 'Store the new secret now', value: WEBHOOK_ROTATED_EXAMPLE },
      }),
      ...oneWebhook,
      ...withJsonBody,
    },
    metadata: { auth: 'api-key' } as const,
  },
});
