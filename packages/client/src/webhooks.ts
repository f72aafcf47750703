// Verifying the webhooks Emissor sends (Standard Webhooks: docs/webhooks.md). Web Crypto only, so
// it runs the same on Node.js 20+, Deno, Bun, edge runtimes and browsers.

/** The body of every webhook: the event type, when it happened, and the resource. */
export interface WebhookMessage<T = unknown> {
  /** `documento.autorizado`, `evento.registrado`, … or `webhook.teste`. */
  type: string;
  /** When the status changed (ISO 8601, UTC). */
  timestamp: string;
  /** The document, event or inutilização as the API reads it. */
  data: T;
}

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /** How far `webhook-timestamp` may be from now, either way (default 300 s): a replay guard. */
  toleranceSeconds?: number;
  /** The time to check against, in milliseconds since the epoch (default `Date.now()`). */
  now?: () => number;
}

/** The request headers: a `Headers`, or Node's `req.headers` object. */
export type WebhookHeaders =
  { get(name: string): string | null } | Record<string, string | readonly string[] | undefined>;

/** Why a webhook was refused: treat the request as not coming from Emissor (answer 400 or 401). */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

const DEFAULT_TOLERANCE_SECONDS = 300;

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function')
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  const record = headers as Record<string, string | readonly string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return typeof value === 'string' ? value : value?.[0];
}

function base64Bytes(text: string): Uint8Array | undefined {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/**
 * Checks that a webhook request came from Emissor with this secret, and returns its parsed body.
 * Pass the body exactly as received (the raw bytes or text, before any JSON parsing). Accepts the
 * message when any `v1,` signature of `webhook-signature` matches (two are sent while a rotated
 * secret's grace period lasts); compares in constant time (Web Crypto's HMAC verify). Throws
 * {@link WebhookVerificationError} when a header is missing, the timestamp is outside the
 * tolerance, or no signature matches.
 *
 * Deliveries are at least once: a message may arrive again with the same `webhook-id`; keep the
 * ids you handled and skip repeats.
 *
 * @example
 * ```ts
 * const message = await verifyWebhook(process.env.EMISSOR_WEBHOOK_SECRET!, req.headers, rawBody);
 * if (message.type === 'documento.autorizado') markInvoiceIssued(message.data);
 * ```
 */
export async function verifyWebhook<T = unknown>(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
  { toleranceSeconds = DEFAULT_TOLERANCE_SECONDS, now = Date.now }: VerifyWebhookOptions = {},
): Promise<WebhookMessage<T>> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError(
      'Missing webhook-id, webhook-timestamp or webhook-signature header',
    );
  if (!/^\d{1,15}$/.test(timestamp))
    throw new WebhookVerificationError('webhook-timestamp is not a number of seconds');
  const skew = Math.abs(now() / 1000 - Number(timestamp));
  if (skew > toleranceSeconds)
    throw new WebhookVerificationError(
      `webhook-timestamp is ${Math.round(skew)} s away from now (tolerance ${toleranceSeconds} s)`,
    );

  const keyBytes = base64Bytes(secret.startsWith('whsec_') ? secret.slice(6) : secret);
  if (!keyBytes || keyBytes.length === 0)
    throw new WebhookVerificationError('The secret is not whsec_ and base64');
  const key = await crypto.subtle.importKey(
    'raw',
    keyBytes,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const encoder = new TextEncoder();
  const bodyBytes = typeof body === 'string' ? encoder.encode(body) : body;
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + bodyBytes.length);
  signed.set(prefix);
  signed.set(bodyBytes, prefix.length);

  for (const entry of signatures.split(' ')) {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) continue;
    const signature = base64Bytes(value);
    if (!signature) continue;
    if (await crypto.subtle.verify('HMAC', key, signature, signed)) {
      const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
      return JSON.parse(text) as WebhookMessage<T>;
    }
  }
  throw new WebhookVerificationError('No webhook-signature matches this secret');
}
