import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

/** A new signing secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks). */
export function generateSecret(random: (size: number) => Buffer = randomBytes): string {
  return `${SECRET_PREFIX}${random(SECRET_BYTES).toString('base64')}`;
}

/** The HMAC key of a secret: the bytes its base64 part encodes. */
export function secretKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('not a whsec_ secret');
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

/** `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed by the secret's bytes. */
export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret))
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/**
 * The `webhook-signature` header: one signature per secret, separated by spaces, so that during a
 * rotation receivers holding either secret accept the message.
 */
export function signatureHeader(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  return secrets.map((secret) => sign(secret, id, timestampSeconds, body)).join(' ');
}
