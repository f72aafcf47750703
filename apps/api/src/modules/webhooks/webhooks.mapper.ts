import type {
  WebhookAttempt,
  WebhookDeliveryRead,
  WebhookEventType,
  WebhookRead,
} from '@emissor/contract';

import type { WebhookDeliveryRow, WebhookRow } from '../../db/schema.js';

/** The only way a webhook row reaches a response: never its secrets. */
export function toWebhookRead(row: WebhookRow): WebhookRead {
  return {
    id: row.id,
    product_id: row.product_id,
    url: row.url,
    eventos: row.eventos as WebhookEventType[] | null,
    ativo: row.ativo,
    secret_anterior_expira_em: row.previous_secret_expires_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** A delivery as GET /v1/webhooks/{id}/entregas lists it (its id is the webhook-id header). */
export function toDeliveryRead(row: WebhookDeliveryRow): WebhookDeliveryRead {
  return {
    webhook_id: row.id,
    type: row.type,
    recurso_id: row.resource_id,
    status: row.status,
    tentativas: row.attempts as WebhookAttempt[],
    proxima_tentativa_em:
      row.status === 'pendente' ? (row.next_attempt_at?.toISOString() ?? null) : null,
    created_at: row.created_at.toISOString(),
  };
}

/** The body every attempt of a message POSTs (Standard Webhooks' shape). */
export function messageBody(type: string, occurredAt: Date, data: unknown): string {
  return JSON.stringify({ type, timestamp: occurredAt.toISOString(), data });
}
