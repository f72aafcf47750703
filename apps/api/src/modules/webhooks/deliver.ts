import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

import type { WebhookAttempt } from '@emissor/contract';

import { version } from '../../version.js';
import { signatureHeader } from './signature.js';
import { checkTarget, hostOf, type ResolvedAddress, type TargetPolicy } from './target-guard.js';

/** A 2xx within this delivers; anything slower is a failed attempt (docs/webhooks.md "Delivery, retries and order"). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Characters of the receiver's answer kept with the attempt: enough to see why, never a dump. */
export const RESPONSE_EXCERPT_CHARS = 256;
/** Bytes read of the answer at most, to get that excerpt. */
const RESPONSE_READ_BYTES = 4 * RESPONSE_EXCERPT_CHARS;

/** One message to one webhook, as every attempt sends it. */
export interface DeliveryMessage {
  /** The `webhook-id` header: the same on every attempt. */
  id: string;
  url: string;
  /** The exact JSON body. */
  payload: string;
  /** The secrets that sign it, current first (two during a rotation's grace period). */
  secrets: readonly string[];
}

export interface DeliverDeps {
  policy: TargetPolicy;
  now: () => Date;
  timeoutMs?: number;
  /** CAs trusted besides the system's for https receivers (tests' local receivers). */
  ca?: string | readonly string[];
}

/** How an attempt ended: `gone` is a 410 (the receiver asks never to be called again). */
export type AttemptResult = 'delivered' | 'failed' | 'gone';

export interface AttemptOutcome {
  result: AttemptResult;
  attempt: WebhookAttempt;
}

/**
 * Makes one attempt: checks the URL again (its DNS may have changed since creation), connects to
 * the checked address only, POSTs the signed body, and never follows a redirect.
 */
export async function deliver(
  message: DeliveryMessage,
  deps: DeliverDeps,
): Promise<AttemptOutcome> {
  const started = deps.now();
  const finish = (
    result: AttemptResult,
    fields: Pick<WebhookAttempt, 'http_status' | 'erro' | 'resposta'>,
  ): AttemptOutcome => ({
    result,
    attempt: {
      em: started.toISOString(),
      ...fields,
      duracao_ms: Math.max(0, deps.now().getTime() - started.getTime()),
    },
  });

  const target = await checkTarget(message.url, deps.policy, { resolveAlways: true });
  if (!target.ok)
    return finish('failed', { http_status: null, erro: target.message, resposta: null });
  const timestamp = Math.floor(started.getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(message.payload)),
    'user-agent': `Emissor-Webhooks/${version}`,
    'webhook-id': message.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(message.secrets, message.id, timestamp, message.payload),
  };
  try {
    const answer = await post(target.url, target.address, headers, message.payload, deps);
    const resposta = answer.excerpt === '' ? null : answer.excerpt;
    const result: AttemptResult =
      answer.status >= 200 && answer.status < 300
        ? 'delivered'
        : answer.status === 410
          ? 'gone'
          : 'failed';
    return finish(result, { http_status: answer.status, erro: null, resposta });
  } catch (error) {
    return finish('failed', { http_status: null, erro: describe(error), resposta: null });
  }
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 200);
}

/** Connects to `address` whatever the name resolves to now: the address the guard checked. */
function pinnedLookup(address: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  };
}

function post(
  url: URL,
  address: ResolvedAddress | undefined,
  headers: Record<string, string>,
  body: string,
  deps: DeliverDeps,
): Promise<{ status: number; excerpt: string }> {
  const timeoutMs = deps.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const secure = url.protocol === 'https:';
  const options: https.RequestOptions = {
    method: 'POST',
    hostname: hostOf(url),
    port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
    path: `${url.pathname}${url.search}`,
    headers,
    // A fresh connection per attempt: a pooled socket would skip the pinned lookup.
    agent: false,
    ...(address && { lookup: pinnedLookup(address) }),
    ...(secure &&
      deps.ca !== undefined && { ca: typeof deps.ca === 'string' ? deps.ca : [...deps.ca] }),
  };
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(options, (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let bytes = 0;
      const done = () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status, excerpt: [...text].slice(0, RESPONSE_EXCERPT_CHARS).join('') });
        request.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        bytes += chunk.length;
        // Enough read for the excerpt: the rest of the answer is not waited for.
        if (bytes >= RESPONSE_READ_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}
