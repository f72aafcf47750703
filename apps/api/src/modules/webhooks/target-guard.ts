import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

import { classifyAddress, isLoopbackName } from './address-class.js';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses (injectable: tests answer private addresses). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver, as node's http would use it (every address, in the system's order). */
export const systemResolve: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** Where webhooks may go (docs/webhooks.md "Security"). */
export interface TargetPolicy {
  /** NODE_ENV=production: https only, public addresses only. */
  production: boolean;
  /** WEBHOOK_ALLOW_PRIVATE=true: private addresses allowed in production too. */
  allowPrivate: boolean;
  resolve: Resolve;
}

export type TargetCheck =
  | { ok: true; url: URL; address: ResolvedAddress | undefined }
  | { ok: false; type: string; message: string };

const refuse = (type: string, message: string): TargetCheck => ({ ok: false, type, message });

/** The host of a URL without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Whether a webhook may be sent to `text`, and the address to connect to. At creation
 * (`resolveAlways` false) the name is resolved only where the answer decides (production without
 * WEBHOOK_ALLOW_PRIVATE), so a development machine without DNS can still register one. At
 * delivery the name is always resolved and the connection is pinned to the checked address, so a
 * DNS answer that changes between check and connect (rebinding) cannot reach another host.
 */
export async function checkTarget(
  text: string,
  policy: TargetPolicy,
  { resolveAlways }: { resolveAlways: boolean },
): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('url_parsing', 'Input should be a valid URL');
  }
  if (url.username !== '' || url.password !== '')
    return refuse(
      'url_credentials',
      'The URL must not carry credentials (user:password@): verify the webhook-signature header instead',
    );
  const host = hostOf(url);
  if (url.protocol === 'http:') {
    if (policy.production)
      return refuse('url_scheme', "URL scheme should be 'https' (http is refused in production)");
    if (!isLoopbackName(host))
      return refuse(
        'url_scheme',
        "URL scheme should be 'https'; http only to a loopback address (localhost, 127.0.0.1, ::1)",
      );
  } else if (url.protocol !== 'https:') {
    return refuse('url_scheme', "URL scheme should be 'https'");
  }

  const guarded = policy.production && !policy.allowPrivate;
  if (!resolveAlways && !guarded) return { ok: true, url, address: undefined };

  let addresses: ResolvedAddress[];
  const family = isIP(host);
  if (family === 4 || family === 6) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await policy.resolve(host);
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'no answer';
      return refuse('url_host_unresolved', `The host ${host} does not resolve (${code})`);
    }
  }
  const [first] = addresses;
  if (!first) return refuse('url_host_unresolved', `The host ${host} does not resolve`);
  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (url.protocol === 'http:' && kind !== 'loopback')
      return refuse(
        'url_scheme',
        `http only to a loopback address; ${host} resolves to ${address} (${kind})`,
      );
    if (guarded && kind !== 'public')
      return refuse(
        'url_host_not_public',
        `The host resolves to ${address}, a ${kind} address: webhooks reach public addresses only (WEBHOOK_ALLOW_PRIVATE=true allows others)`,
      );
  }
  return { ok: true, url, address: first };
}
