import type { KeyObject } from 'node:crypto';
import { createPrivateKey } from 'node:crypto';

import forge from 'node-forge';

import { cnpjFromCertificate } from './cnpj-from-certificate.js';
import { CertificateError } from './errors.js';

/** An A1 certificate ready for signing, as read from its PKCS#12 (.pfx/.p12) file. */
export interface Credentials {
  readonly privateKey: KeyObject;
  /** The signer's certificate (the one matching the private key), PEM. */
  readonly certificatePem: string;
  /** The same certificate, DER in base64 without line breaks: the content of `X509Certificate`. */
  readonly certificateBase64: string;
  /** The other certificates in the file, PEM, the signer's issuer first when the chain can be followed. */
  readonly chainPem: readonly string[];
  readonly subjectCn: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
  /** 14 characters: digits, or the alphanumeric CNPJ (12 `[0-9A-Z]` + 2 digits). */
  readonly cnpj: string;
}

type Bag = forge.pkcs12.Bag;

// The typings mark the OIDs optional; they are always present at runtime.
const CERT_BAG = forge.pki.oids.certBag ?? '1.2.840.113549.1.12.10.1.3';
const KEY_BAG = forge.pki.oids.keyBag ?? '1.2.840.113549.1.12.10.1.1';
const SHROUDED_KEY_BAG = forge.pki.oids.pkcs8ShroudedKeyBag ?? '1.2.840.113549.1.12.10.1.2';

function bagsOf(p12: forge.pkcs12.Pkcs12Pfx, bagType: string): Bag[] {
  return p12.getBags({ bagType })[bagType] ?? [];
}

type GetCipherForPbes2 = (oid: string, params: unknown, password: string) => unknown;

/**
 * PKCS#12 keys its MAC and its legacy bags (3DES, RC2) with the password as UTF-16 (BMPString),
 * which node-forge does right, but a PBES2 bag (the AES files of OpenSSL 3 and current Windows)
 * with PBKDF2 over the password's UTF-8 bytes (RFC 8018, as OpenSSL writes them). node-forge hands
 * PBKDF2 the JS string itself, one byte per UTF-16 unit: the same for ASCII, but `ç` becomes 0xE7
 * instead of 0xC3 0xA7, and a valid file with a Brazilian password was refused as a wrong password.
 * So while forge reads one file (synchronously: nothing else runs meanwhile), its PBES2 path gets
 * the UTF-8 bytes.
 */
function withUtf8Pbes2<T>(read: () => T): T {
  // Not in the typings, but part of forge's public pki namespace.
  const { pbe } = forge.pki as unknown as { pbe: { getCipherForPBES2: GetCipherForPbes2 } };
  const original = pbe.getCipherForPBES2;
  pbe.getCipherForPBES2 = (oid, params, password) =>
    original(oid, params, forge.util.encodeUtf8(password));
  try {
    return read();
  } finally {
    pbe.getCipherForPBES2 = original;
  }
}

function parsePfx(pfx: Uint8Array, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.binary.raw.encode(pfx));
  } catch {
    throw new CertificateError('unreadable', 'the file is not DER-encoded PKCS#12');
  }
  try {
    return withUtf8Pbes2(() => forge.pkcs12.pkcs12FromAsn1(asn1, false, password));
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    // forge reports a failed MAC check as "…MAC could not be verified. Invalid password?"; without a
    // MAC a wrong password shows up as a decryption or padding failure of the encrypted bags.
    if (/MAC could not be verified|Invalid password|decrypt|padding/i.test(message)) {
      throw new CertificateError(
        'password_invalid',
        'the password does not open this PKCS#12 file',
      );
    }
    throw new CertificateError('unreadable', 'the PKCS#12 structure could not be read');
  }
}

function samePublicKey(cert: forge.pki.Certificate, key: forge.pki.rsa.PrivateKey): boolean {
  const publicKey = cert.publicKey as Partial<forge.pki.rsa.PublicKey>;
  return (
    publicKey.n !== undefined &&
    publicKey.e !== undefined &&
    publicKey.n.equals(key.n) &&
    publicKey.e.equals(key.e)
  );
}

function derBase64(cert: forge.pki.Certificate): string {
  return forge.util.encode64(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes());
}

/** Certificates other than the signer's, each once (some files repeat the signer's certificate). */
function distinctOthers(
  leaf: forge.pki.Certificate,
  certs: forge.pki.Certificate[],
): forge.pki.Certificate[] {
  const seen = new Set([derBase64(leaf)]);
  return certs.filter((c) => {
    const der = derBase64(c);
    if (seen.has(der)) return false;
    seen.add(der);
    return true;
  });
}

/** The other certificates, following issuer links up from the signer, then whatever is left. */
function orderChain(
  leaf: forge.pki.Certificate,
  others: forge.pki.Certificate[],
): forge.pki.Certificate[] {
  const remaining = [...others];
  const ordered: forge.pki.Certificate[] = [];
  let current = leaf;
  for (;;) {
    const index = remaining.findIndex(
      (c) => c.subject.hash === current.issuer.hash && c !== current,
    );
    const issuer = index >= 0 ? remaining.splice(index, 1)[0] : undefined;
    if (!issuer) break;
    ordered.push(issuer);
    current = issuer;
  }
  return [...ordered, ...remaining];
}

/**
 * Opens an A1 certificate file (PKCS#12) with its password: modern PBES2/AES files and the legacy
 * 3DES / RC2-40 ones most Brazilian CAs still issue (node-forge reads both, no OpenSSL legacy
 * provider needed). The signer's certificate is the one whose public key matches a private key in
 * the file, whatever the order of the bags. Expiry is not checked here: see
 * `certificateValidityAt`.
 *
 * @example
 * ```ts
 * const credentials = readPkcs12(new Uint8Array(pfxBytes), 'senha');
 * credentials.cnpj; // '99999090910270'
 * if (certificateValidityAt(credentials, now) !== 'valid') reject();
 * ```
 * @throws {CertificateError} `password_invalid`, `unreadable`, `no_private_key`, `no_certificate`, `cnpj_missing`.
 */
export function readPkcs12(pfx: Uint8Array, password: string): Credentials {
  const p12 = parsePfx(pfx, password);
  const keyBags = [...bagsOf(p12, SHROUDED_KEY_BAG), ...bagsOf(p12, KEY_BAG)];
  const keys = keyBags.flatMap((bag) => (bag.key ? [bag.key] : []));
  if (keys.length === 0)
    throw new CertificateError('no_private_key', 'the file holds no (RSA) private key');
  const certs = bagsOf(p12, CERT_BAG).flatMap((bag) => (bag.cert ? [bag.cert] : []));
  if (certs.length === 0)
    throw new CertificateError('no_certificate', 'the file holds no certificate');

  let pair: { key: forge.pki.rsa.PrivateKey; cert: forge.pki.Certificate } | undefined;
  for (const key of keys) {
    const cert = certs.find((c) => samePublicKey(c, key));
    if (cert) {
      pair = { key, cert };
      break;
    }
  }
  if (!pair)
    throw new CertificateError(
      'no_certificate',
      'no certificate in the file matches its private key',
    );
  const { key, cert } = pair;

  const cnField = cert.subject.getField('CN') as { value?: unknown } | null;
  const subjectCn = typeof cnField?.value === 'string' ? cnField.value : '';
  const cnpj = cnpjFromCertificate(cert, subjectCn);
  if (!cnpj)
    throw new CertificateError(
      'cnpj_missing',
      'the certificate carries no CNPJ (SAN 2.16.76.1.3.3 or CN)',
    );

  return {
    privateKey: createPrivateKey(forge.pki.privateKeyToPem(key)),
    certificatePem: forge.pki.certificateToPem(cert),
    certificateBase64: derBase64(cert),
    chainPem: orderChain(cert, distinctOthers(cert, certs)).map((c) =>
      forge.pki.certificateToPem(c),
    ),
    subjectCn,
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
    cnpj,
  };
}

/**
 * Where `instant` falls in the certificate's validity window (bounds inclusive, as X.509 says).
 * SEFAZ rejects documents signed with an expired certificate (rejection 291), so callers check
 * this with their own clock.
 */
export function certificateValidityAt(
  credentials: Pick<Credentials, 'notBefore' | 'notAfter'>,
  instant: Date,
): 'valid' | 'expired' | 'not_yet_valid' {
  if (instant.getTime() < credentials.notBefore.getTime()) return 'not_yet_valid';
  if (instant.getTime() > credentials.notAfter.getTime()) return 'expired';
  return 'valid';
}
