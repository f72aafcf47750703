// Examples of the webhook routes: the bakery's ERP is told when its NF-e are authorised.
import { DOCUMENT_EXAMPLE } from './examples.js';

const WEBHOOK_ID = '3c5e7a9b-1d2f-4a6c-8e0b-5d7f9a1c3e52';
const PRODUCT_ID = DOCUMENT_EXAMPLE.product_id;

/** The body of `POST /v1/webhooks`. */
export const WEBHOOK_CREATE_EXAMPLE = {
  url: 'https://erp.padaria-do-ze.com.br/webhooks/emissor',
  eventos: ['documento.autorizado', 'documento.rejeitado', 'documento.cancelado'],
} as const;

/** That webhook as every GET reads it (never with its secret). */
export const WEBHOOK_EXAMPLE = {
  id: WEBHOOK_ID,
  product_id: PRODUCT_ID,
  url: WEBHOOK_CREATE_EXAMPLE.url,
  eventos: [...WEBHOOK_CREATE_EXAMPLE.eventos],
  ativo: true,
  secret_anterior_expira_em: null,
  created_at: '2026-11-26T12:00:00Z',
};

/** The creation's answer: the only time the secret is shown (rotation aside). */
export const WEBHOOK_CREATED_EXAMPLE = {
  ...WEBHOOK_EXAMPLE,
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/BXzkUL3KYo=',
};

/** A rotation's answer: a new secret, the previous one signing alongside for 24 hours. */
export const WEBHOOK_ROTATED_EXAMPLE = {
  ...WEBHOOK_EXAMPLE,
  secret: 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD5yPSjT3uSlE=',
  secret_anterior_expira_em: '2026-11-28T09:00:00Z',
};

/** A delivered `documento.autorizado`: one attempt, answered 204. */
export const WEBHOOK_DELIVERY_EXAMPLE = {
  webhook_id: '7e1a3c5f-9b2d-4f6a-8c0e-1a3b5c7d9e24',
  type: 'documento.autorizado',
  recurso_id: DOCUMENT_EXAMPLE.id,
  status: 'entregue',
  tentativas: [
    {
      em: '2026-11-26T13:15:31Z',
      http_status: 204,
      erro: null,
      duracao_ms: 84,
      resposta: null,
    },
  ],
  proxima_tentativa_em: null,
  created_at: '2026-11-26T13:15:31Z',
} as const;

/** A delivery still being retried: the receiver was down twice. */
export const WEBHOOK_PENDING_DELIVERY_EXAMPLE = {
  ...WEBHOOK_DELIVERY_EXAMPLE,
  webhook_id: '9a3c5e7b-1d4f-4a8c-9e2b-3c5d7f9a1b36',
  status: 'pendente',
  tentativas: [
    {
      em: '2026-11-26T13:15:31Z',
      http_status: 503,
      erro: null,
      duracao_ms: 41,
      resposta: '<html><body>Service Unavailable</body></html>',
    },
    {
      em: '2026-11-26T13:15:36Z',
      http_status: null,
      erro: 'connect ECONNREFUSED',
      duracao_ms: 3,
      resposta: null,
    },
  ],
  proxima_tentativa_em: '2026-11-26T13:20:36Z',
} as const;

/** What `POST /v1/webhooks/{id}/teste` answers: the test message's delivery, delivered. */
export const WEBHOOK_TEST_DELIVERY_EXAMPLE = {
  ...WEBHOOK_DELIVERY_EXAMPLE,
  webhook_id: '5b7d9f1a-3c5e-4b7d-9f1a-3c5e7b9d1f48',
  type: 'webhook.teste',
  recurso_id: null,
} as const;
