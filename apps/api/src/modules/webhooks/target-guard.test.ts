import { describe, expect, it } from 'vitest';

import { checkTarget, type ResolvedAddress, type TargetPolicy } from './target-guard.js';

/** A resolver that answers from a table (no DNS): the SSRF checks run on what it says. */
function policy(
  answers: Record<string, string[]>,
  over: Partial<TargetPolicy> = {},
): TargetPolicy & { asked: string[] } {
  const asked: string[] = [];
  return {
    production: true,
    allowPrivate: false,
    asked,
    resolve: (host) => {
      asked.push(host);
      const found = answers[host];
      if (!found) return Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' }));
      return Promise.resolve(
        found.map((address): ResolvedAddress => ({
          address,
          family: address.includes(':') ? 6 : 4,
        })),
      );
    },
    ...over,
  };
}

const DNS = {
  'hooks.example.com': ['93.184.216.34'],
  'intranet.example.com': ['10.0.0.7'],
  'mixed.example.com': ['93.184.216.34', '192.168.0.2'],
  'metadata.example.com': ['169.254.169.254'],
  'v6.example.com': ['fd00:ec2::254'],
  'cgnat.example.com': ['100.64.1.1'],
  localhost: ['127.0.0.1'],
};

describe('checkTarget in production', () => {
  it('lets a public https host through, with the address to pin', async () => {
    const check = await checkTarget('https://hooks.example.com/x', policy(DNS), {
      resolveAlways: false,
    });
    expect(check).toMatchObject({ ok: true, address: { address: '93.184.216.34', family: 4 } });
  });

  it.each([
    ['https://intranet.example.com/', 'private'],
    ['https://mixed.example.com/', 'private'],
    ['https://metadata.example.com/', 'metadata'],
    ['https://v6.example.com/', 'metadata'],
    ['https://cgnat.example.com/', 'cgnat'],
    ['https://localhost/', 'loopback'],
    ['https://127.0.0.1/', 'loopback'],
    ['https://[::1]:8443/', 'loopback'],
    ['https://169.254.169.254/latest/meta-data', 'metadata'],
    ['https://[::ffff:10.0.0.1]/', 'private'],
  ])('refuses %s (%s)', async (url, kind) => {
    const check = await checkTarget(url, policy(DNS), { resolveAlways: false });
    expect(check.ok).toBe(false);
    expect(check).toMatchObject({ type: 'url_host_not_public' });
    expect(!check.ok && check.message).toContain(kind);
  });

  it('refuses http, and a host that does not resolve', async () => {
    expect(
      await checkTarget('http://hooks.example.com/', policy(DNS), { resolveAlways: false }),
    ).toMatchObject({ ok: false, type: 'url_scheme' });
    expect(
      await checkTarget('https://nowhere.example.com/', policy(DNS), { resolveAlways: false }),
    ).toMatchObject({ ok: false, type: 'url_host_unresolved' });
  });

  it('allows private addresses with WEBHOOK_ALLOW_PRIVATE, and then resolves only to deliver', async () => {
    const allowing = policy(DNS, { allowPrivate: true });
    expect(
      await checkTarget('https://intranet.example.com/', allowing, { resolveAlways: false }),
    ).toMatchObject({ ok: true, address: undefined });
    expect(allowing.asked).toEqual([]);
    expect(
      await checkTarget('https://intranet.example.com/', allowing, { resolveAlways: true }),
    ).toMatchObject({ ok: true, address: { address: '10.0.0.7' } });
  });
});

describe('checkTarget outside production', () => {
  const dev = policy(DNS, { production: false });

  it('takes http only to loopback', async () => {
    for (const url of ['http://localhost:4000/h', 'http://127.0.0.1:4000/h', 'http://[::1]:4000/'])
      expect(await checkTarget(url, dev, { resolveAlways: true })).toMatchObject({ ok: true });
    expect(
      await checkTarget('http://hooks.example.com/', dev, { resolveAlways: false }),
    ).toMatchObject({ ok: false, type: 'url_scheme' });
    expect(await checkTarget('http://10.0.0.1/', dev, { resolveAlways: false })).toMatchObject({
      ok: false,
      type: 'url_scheme',
    });
  });

  it('refuses http to a name that resolves away from loopback at delivery', async () => {
    const rebound = policy({ 'api.localhost': ['10.0.0.9'] }, { production: false });
    expect(
      await checkTarget('http://api.localhost/', rebound, { resolveAlways: true }),
    ).toMatchObject({ ok: false, type: 'url_scheme' });
  });

  it('takes https anywhere without resolving at creation', async () => {
    const check = await checkTarget('https://intranet.example.com/', dev, { resolveAlways: false });
    expect(check).toMatchObject({ ok: true });
  });

  it('refuses other schemes', async () => {
    expect(await checkTarget('ftp://x/', dev, { resolveAlways: false })).toMatchObject({
      ok: false,
      type: 'url_scheme',
    });
  });
});
