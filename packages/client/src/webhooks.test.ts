import { createHmac, randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { verifyWebhook, WebhookVerificationError } from './webhooks.js';

// Signatures made here with node:crypto, apart from the code under test (Web Crypto); the API's
// tests also check verifyWebhook against the `standardwebhooks` package.
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const sign = (secret: string, id: string, ts: number, body: string) =>
  `v1,${createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
    .update(`${id}.${ts}.${body}`)
    .digest('base64')}`;

const NOW_S = 1_790_000_000;
const now = () => NOW_S * 1000;
const body = JSON.stringify({
  type: 'documento.autorizado',
  timestamp: '2026-09-21T12:00:00.000Z',
  data: { id: 'd1', status: 'autorizada' },
});

function request(secret: string, overrides: Record<string, string> = {}) {
  const id = 'a0d6c1f2-1111-4222-8333-944455556666';
  return {
    'webhook-id': id,
    'webhook-timestamp': String(NOW_S),
    'webhook-signature': sign(secret, id, NOW_S, body),
    ...overrides,
  };
}

describe('verifyWebhook', () => {
  it('accepts a signed message and returns its parsed body', async () => {
    const secret = newSecret();
    const message = await verifyWebhook(secret, request(secret), body, { now });
    expect(message).toEqual(JSON.parse(body));
  });

  it('reads a Headers object and a body given as bytes', async () => {
    const secret = newSecret();
    const headers = new Headers(request(secret));
    const message = await verifyWebhook(secret, headers, new TextEncoder().encode(body), { now });
    expect(message.type).toBe('documento.autorizado');
  });

  it('accepts any of several v1 signatures (a rotation) and skips other versions', async () => {
    const [current, previous, other] = [newSecret(), newSecret(), newSecret()];
    const signed = request(previous);
    const both = request(current, {
      'webhook-signature': `v2,abc ${sign(other, signed['webhook-id'], NOW_S, body)} ${signed['webhook-signature']}`,
    });
    await expect(verifyWebhook(previous, both, body, { now })).resolves.toBeDefined();
    await expect(verifyWebhook(current, both, body, { now })).rejects.toThrow(
      WebhookVerificationError,
    );
  });

  it('refuses a wrong secret, a changed body, id or timestamp', async () => {
    const secret = newSecret();
    const good = request(secret);
    await expect(verifyWebhook(newSecret(), good, body, { now })).rejects.toThrow(
      'No webhook-signature matches',
    );
    await expect(verifyWebhook(secret, good, body.replace('d1', 'd2'), { now })).rejects.toThrow(
      WebhookVerificationError,
    );
    await expect(
      verifyWebhook(secret, { ...good, 'webhook-id': 'other' }, body, { now }),
    ).rejects.toThrow(WebhookVerificationError);
    await expect(
      verifyWebhook(secret, { ...good, 'webhook-timestamp': String(NOW_S - 1) }, body, { now }),
    ).rejects.toThrow(WebhookVerificationError);
  });

  it('refuses a timestamp outside the tolerance, either way', async () => {
    const secret = newSecret();
    const at = (seconds: number) => () => (NOW_S + seconds) * 1000;
    await expect(
      verifyWebhook(secret, request(secret), body, { now: at(300) }),
    ).resolves.toBeDefined();
    await expect(verifyWebhook(secret, request(secret), body, { now: at(301) })).rejects.toThrow(
      'tolerance 300 s',
    );
    await expect(verifyWebhook(secret, request(secret), body, { now: at(-301) })).rejects.toThrow(
      WebhookVerificationError,
    );
    await expect(
      verifyWebhook(secret, request(secret), body, { now: at(3600), toleranceSeconds: 3600 }),
    ).resolves.toBeDefined();
  });

  it('refuses missing headers and malformed signatures', async () => {
    const secret = newSecret();
    const { 'webhook-signature': _, ...unsigned } = request(secret);
    await expect(verifyWebhook(secret, unsigned, body, { now })).rejects.toThrow('Missing');
    for (const signature of ['', 'v1,', 'v1,@@@', 'v1', 'nonsense'])
      await expect(
        verifyWebhook(secret, request(secret, { 'webhook-signature': signature }), body, { now }),
      ).rejects.toThrow(WebhookVerificationError);
    await expect(
      verifyWebhook(secret, request(secret, { 'webhook-timestamp': '12e3' }), body, { now }),
    ).rejects.toThrow('not a number');
  });
});
