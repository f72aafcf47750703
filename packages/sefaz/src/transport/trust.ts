import { readdirSync, readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';

/** `trust/` at the package root: `shared/sefaz-trust/` byte for byte (sefaz.md §15). */
const TRUST_DIR = new URL('../../trust/', import.meta.url);

let vendored: readonly string[] | undefined;

/**
 * The CA certificates vendored with the package: ICP-Brasil Raiz v10 and v5, the SSL
 * intermediates some SEFAZ hosts fail to send, and the Let's Encrypt Root YR cross-sign (provenance
 * in `trust/SOURCE.md`). Read once.
 */
export function vendoredSefazCas(): readonly string[] {
  vendored ??= readdirSync(TRUST_DIR)
    .filter((name) => name.endsWith('.pem'))
    .sort()
    .map((name) => readFileSync(new URL(name, TRUST_DIR), 'utf8'));
  return vendored;
}

/**
 * The CAs a SEFAZ server certificate may chain to: Node's own store, the vendored set, and the
 * caller's extra PEM certificates (`SEFAZ_CA_FILE`, the simulator's CA). Node's `ca` option
 * replaces its default store, hence the explicit `rootCertificates`.
 */
export function sefazTrustStore(extraCaPem: readonly string[] = []): string[] {
  return [...rootCertificates, ...vendoredSefazCas(), ...extraCaPem.flatMap(splitPemBundle)];
}

/** The certificates of a PEM bundle (a file may hold several). */
export function splitPemBundle(pem: string): string[] {
  return pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}
