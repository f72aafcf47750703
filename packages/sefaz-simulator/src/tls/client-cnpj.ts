import type { TLSSocket } from 'node:tls';

import { cnpjOfCertificateDer } from '@emissor/signer';

/** What the TLS handshake told about the caller. */
export type ClientIdentity =
  | { readonly ok: true; readonly cnpj: string }
  | { readonly ok: false; readonly reason: 'no_certificate' | 'no_cnpj' };

/**
 * The CNPJ a DER certificate carries, read with the same rules as the API's certificate upload
 * (ICP-Brasil SAN otherName 2.16.76.1.3.3, else `NAME:CNPJ` in the CN). Undefined when it has
 * none or cannot be read.
 */
export function cnpjOfCertificate(der: Buffer): string | undefined {
  const key = der.toString('base64');
  if (cnpjByCertificate.has(key)) return cnpjByCertificate.get(key);
  const cnpj = cnpjOfCertificateDer(der);
  // A company signs thousands of documents with one certificate: parse it once.
  if (cnpjByCertificate.size >= 1000) cnpjByCertificate.clear();
  cnpjByCertificate.set(key, cnpj);
  return cnpj;
}

const cnpjByCertificate = new Map<string, string | undefined>();

const identities = new WeakMap<TLSSocket, ClientIdentity>();

/**
 * The CNPJ of the client certificate presented on this connection, read once per connection.
 * The chain is not judged: the simulator accepts any issuer, as a homologação stand-in.
 */
export function clientIdentity(socket: TLSSocket): ClientIdentity {
  const cached = identities.get(socket);
  if (cached) return cached;
  const peer = socket.getPeerCertificate();
  let identity: ClientIdentity;
  if (!peer?.raw) identity = { ok: false, reason: 'no_certificate' };
  else {
    const cnpj = cnpjOfCertificate(peer.raw);
    identity = cnpj ? { ok: true, cnpj } : { ok: false, reason: 'no_cnpj' };
  }
  identities.set(socket, identity);
  return identity;
}
