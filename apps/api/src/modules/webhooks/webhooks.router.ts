import { randomUUID } from 'node:crypto';

import { contract, WEBHOOK_TEST_TYPE } from '@emissor/contract';
import { initServer } from '@ts-rest/express';
import type { Kysely } from 'kysely';

import type { Keyring } from '../../crypto/master-key.js';
import type { Database, WebhookRow } from '../../db/schema.js';
import type { Env } from '../../env.js';
import { appError, RequestValidationFailure } from '../../errors.js';
import { productOf } from '../../http/product-of.js';
import { deliver } from './deliver.js';
import { nextDeliveryState } from './delivery-state.js';
import { generateSecret } from './signature.js';
import { checkTarget } from './target-guard.js';
import { deliverDeps, type WebhookOptions } from './webhook-options.js';
import { openSecrets, sealSecrets, signingSecrets } from './webhook-secrets.js';
import { messageBody, toDeliveryRead, toWebhookRead } from './webhooks.mapper.js';
import {
  deactivateWebhook,
  deleteWebhook,
  findWebhook,
  insertFinishedDelivery,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  MAX_WEBHOOKS_PER_PRODUCT,
  updateWebhook,
} from './webhooks.repository.js';

/** What the webhook routes use of the app's context (app-context.ts). */
export interface WebhookRoutesContext {
  db: Kysely<Database>;
  env: Pick<Env, 'NODE_ENV' | 'WEBHOOK_ALLOW_PRIVATE'>;
  keyring: Keyring;
  clock: () => Date;
  webhooks?: WebhookOptions;
}

const HOUR_MS = 3_600_000;

export function webhooksHandlers(ctx: WebhookRoutesContext) {
  const { db, keyring, clock } = ctx;
  const deps = deliverDeps(ctx.env, clock, ctx.webhooks);

  /** The URL may be reached from here (422 at body.url otherwise). */
  async function checkUrl(url: string): Promise<void> {
    const target = await checkTarget(url, deps.policy, { resolveAlways: false });
    if (!target.ok)
      throw new RequestValidationFailure([
        {
          loc: ['body', 'url'],
          msg: target.message,
          type: target.type,
          // Credentials are a secret: the URL that carries them is not echoed.
          ...(target.type !== 'url_credentials' && { input: url }),
        },
      ]);
  }

  async function webhookOf(req: { productId?: string }, id: string): Promise<WebhookRow> {
    const row = await findWebhook(db, productOf(req), id);
    if (!row) throw appError('webhook_not_found', 'No such webhook.');
    return row;
  }

  return initServer().router(contract.webhooks, {
    createWebhook: async ({ body, req }) => {
      await checkUrl(body.url);
      const owner = { id: randomUUID(), product_id: productOf(req) };
      const secret = generateSecret();
      const row = await insertWebhook(db, {
        ...owner,
        url: body.url,
        eventos: body.eventos ? [...new Set(body.eventos)] : null,
        ativo: body.ativo,
        ...sealSecrets(keyring, owner, { current: secret, previous: null }),
      });
      if (row === 'limit_reached')
        throw new RequestValidationFailure([
          {
            loc: ['body'],
            msg: `This product already has ${MAX_WEBHOOKS_PER_PRODUCT} webhooks, the most it may have`,
            type: 'webhook_limit_reached',
            ctx: { max: MAX_WEBHOOKS_PER_PRODUCT },
          },
        ]);
      return { status: 201, body: { ...toWebhookRead(row), secret } };
    },

    listWebhooks: async ({ req }) => {
      const rows = await listWebhooks(db, productOf(req));
      return { status: 200, body: rows.map(toWebhookRead) };
    },

    getWebhook: async ({ params, req }) => ({
      status: 200,
      body: toWebhookRead(await webhookOf(req, params.webhook_id)),
    }),

    patchWebhook: async ({ params, body, req }) => {
      await webhookOf(req, params.webhook_id);
      if (body.url !== undefined) await checkUrl(body.url);
      const row = await updateWebhook(db, productOf(req), params.webhook_id, {
        ...(body.url !== undefined && { url: body.url }),
        ...(body.eventos !== undefined && {
          eventos: body.eventos === null ? null : [...new Set(body.eventos)],
        }),
        ...(body.ativo !== undefined && { ativo: body.ativo }),
      });
      if (!row) throw appError('webhook_not_found', 'No such webhook.');
      return { status: 200, body: toWebhookRead(row) };
    },

    deleteWebhook: async ({ params, req }) => {
      if (!(await deleteWebhook(db, productOf(req), params.webhook_id)))
        throw appError('webhook_not_found', 'No such webhook.');
      return { status: 204, body: undefined };
    },

    listWebhookDeliveries: async ({ params, query, req }) => {
      const webhook = await webhookOf(req, params.webhook_id);
      const rows = await listDeliveries(db, webhook.id, query);
      return { status: 200, body: rows.map(toDeliveryRead) };
    },

    testWebhook: async ({ params, req }) => {
      const webhook = await webhookOf(req, params.webhook_id);
      const now = clock();
      const id = randomUUID();
      const payload = messageBody(WEBHOOK_TEST_TYPE, now, toWebhookRead(webhook));
      const secrets = signingSecrets(
        openSecrets(keyring, webhook),
        webhook.previous_secret_expires_at,
        now,
      );
      const outcome = await deliver({ id, url: webhook.url, payload, secrets }, deps);
      const next = nextDeliveryState(outcome.result, 1, clock());
      if (next.deactivateWebhook) await deactivateWebhook(db, webhook.id);
      const row = await insertFinishedDelivery(db, {
        id,
        webhook_id: webhook.id,
        event_id: randomUUID(),
        type: WEBHOOK_TEST_TYPE,
        payload,
        // A test is never retried: one attempt decides.
        status: outcome.result === 'delivered' ? 'entregue' : 'falhou',
        attempt: outcome.attempt,
      });
      return { status: 200, body: toDeliveryRead(row) };
    },

    rotateWebhookSecret: async ({ params, body, req }) => {
      const webhook = await webhookOf(req, params.webhook_id);
      const { current } = openSecrets(keyring, webhook);
      const secret = generateSecret();
      const keepPrevious = body.secret_anterior_horas > 0;
      const row = await updateWebhook(db, webhook.product_id, webhook.id, {
        ...sealSecrets(keyring, webhook, {
          current: secret,
          previous: keepPrevious ? current : null,
        }),
        previous_secret_expires_at: keepPrevious
          ? new Date(clock().getTime() + body.secret_anterior_horas * HOUR_MS)
          : null,
      });
      if (!row) throw appError('webhook_not_found', 'No such webhook.');
      return { status: 200, body: { ...toWebhookRead(row), secret } };
    },
  });
}
