import { createCipheriv, createHash, createHmac, pbkdf2Sync } from 'node:crypto';

import forge from 'node-forge';

import { normalizeCnpj } from './cnpj-from-certificate.js';

const { asn1, pki } = forge;
type Asn1 = forge.asn1.Asn1;

/*
 * A development certificate shaped like an ICP-Brasil e-CNPJ A1: RSA key, CN "NAME:CNPJ", the CNPJ
 * in subjectAltName otherName 2.16.76.1.3.3 (DOC-ICP-04) next to the responsible person's
 * otherNames, the key usages of a real A1, in a PKCS#12 file as OpenSSL 3 writes it (PBES2 /
 * AES-256-CBC key, HMAC-SHA-256 MAC). It is not issued by ICP-Brasil, so SEFAZ rejects it; it is
 * for local development and a local SEFAZ. Pure: the clock, the key and every random byte are
 * arguments, so the same arguments give the same file.
 */

export interface DevCertificateOptions {
  /** 14 characters: digits, or the alphanumeric CNPJ (12 `[0-9A-Z]` + 2 digits). */
  readonly cnpj: string;
  /**
   * Razão social in the CN: printable ASCII without `:`, at most 49 characters so that `NAME:CNPJ`
   * fits the CN's 64.
   */
  readonly companyName?: string;
  /** Printable ASCII, 1–128 characters (see `checkPassword`). */
  readonly password: string;
  /** Issue instant; validity starts five minutes earlier so a slightly late clock accepts it. */
  readonly now: Date;
  /** Default 365. */
  readonly validityDays?: number;
  /** The certificate's RSA key (at least 2048 bits), PEM (PKCS#1 or unencrypted PKCS#8). */
  readonly privateKeyPem: string;
  /** Source of the serial number, salts and IV, e.g. `crypto.randomBytes`. */
  readonly randomBytes: (length: number) => Uint8Array;
  /** A CA that signs the certificate (e.g. a local SEFAZ's); self-signed when absent. */
  readonly issuer?: { readonly certificatePem: string; readonly privateKeyPem: string };
}

export interface DevCertificate {
  /** The PKCS#12 (.pfx) file: the certificate (and the issuer's, if any) and the encrypted key. */
  readonly pfx: Uint8Array;
  readonly certificatePem: string;
  readonly subjectCn: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
}

const CLOCK_SKEW_MS = 5 * 60_000;
const DAY_MS = 86_400_000;
/** What OpenSSL 3 uses by default for PBKDF2 and the MAC. */
const ITERATIONS = 2048;

const OID = {
  cnpj: '2.16.76.1.3.3',
  responsibleName: '2.16.76.1.3.2',
  responsibleData: '2.16.76.1.3.4',
  inssCei: '2.16.76.1.3.7',
  data: '1.2.840.113549.1.7.1',
  certBag: '1.2.840.113549.1.12.10.1.3',
  x509Certificate: '1.2.840.113549.1.9.22.1',
  shroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  localKeyId: '1.2.840.113549.1.9.21',
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
  hmacWithSha256: '1.2.840.113549.2.9',
  aes256Cbc: '2.16.840.1.101.3.4.1.42',
  sha256: '2.16.840.1.101.3.4.2.1',
} as const;

/** Thrown for options that would not make a usable certificate; the message never holds the password. */
export class DevCertificateError extends Error {
  override name = 'DevCertificateError';
}

const binary = (bytes: Uint8Array): string => Buffer.from(bytes).toString('binary');
const bytesOf = (raw: string): Buffer => Buffer.from(raw, 'binary');

const oid = (id: string): Asn1 =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
const octets = (raw: string): Asn1 =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, raw);
const integer = (n: number): Asn1 =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(n).getBytes());
const sequence = (items: Asn1[]): Asn1 =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const set = (items: Asn1[]): Asn1 => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, items);
const explicit = (tag: number, inner: Asn1): Asn1 =>
  asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, true, [inner]);
const der = (node: Asn1): string => asn1.toDer(node).getBytes();
const nullValue = (): Asn1 => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '');

function random(options: DevCertificateOptions, length: number): Buffer {
  const bytes = options.randomBytes(length);
  if (bytes.length !== length) throw new DevCertificateError(`randomBytes(${length}) fell short`);
  return Buffer.from(bytes);
}

/**
 * PBES2 derives the key from the password's bytes, and forge (which reads these files in
 * `readPkcs12`) takes them as Latin-1 while OpenSSL takes UTF-8: printable ASCII is the same in
 * both. The PKCS#12 MAC key derivation has a null-terminated BMPString, so a NUL cannot appear.
 */
function checkPassword(password: string): void {
  if (!/^[\x20-\x7e]{1,128}$/.test(password))
    throw new DevCertificateError('the password must be 1–128 printable ASCII characters');
}

/** otherName ::= [0] { type-id OID, value [0] EXPLICIT OCTET STRING } as ICP-Brasil encodes it. */
const otherName = (id: string, value: string): Asn1 =>
  asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [oid(id), explicit(0, octets(value))]);

function subjectAltName(cnpj: string): object {
  const names = [
    // Responsible person's birth date, CPF, NIS, RG: zeros, there is no person behind it.
    otherName(OID.responsibleData, '0'.repeat(45)),
    otherName(OID.responsibleName, 'RESPONSAVEL DESENVOLVIMENTO'),
    otherName(OID.cnpj, cnpj),
    otherName(OID.inssCei, '0'.repeat(12)),
  ];
  // Passing `value` bypasses forge's altNames builder, which cannot write constructed otherNames.
  return { id: '2.5.29.17', name: 'subjectAltName', value: sequence(names) };
}

function serialNumber(options: DevCertificateOptions): string {
  const bytes = random(options, 16);
  // Positive (top bit clear) and of full length (second bit set): RFC 5280 §4.1.2.2.
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x40;
  return bytes.toString('hex');
}

function rsaKey(pem: string, what: string): forge.pki.rsa.PrivateKey {
  let key: forge.pki.rsa.PrivateKey;
  try {
    key = pki.privateKeyFromPem(pem);
  } catch {
    throw new DevCertificateError(`${what} is not an unencrypted RSA private key in PEM`);
  }
  if (key.n.bitLength() < 2048)
    throw new DevCertificateError(`${what} has fewer than 2048 bits (ICP-Brasil's minimum)`);
  return key;
}

function buildCertificate(
  options: DevCertificateOptions,
  cnpj: string,
  key: forge.pki.rsa.PrivateKey,
): { cert: forge.pki.Certificate; issuerCert?: forge.pki.Certificate } {
  const company = (options.companyName ?? 'EMPRESA DE DESENVOLVIMENTO LTDA').trim();
  // ASCII keeps the CN the same whichever way a reader decodes it (forge hands back raw bytes).
  if (!/^[\x20-\x39\x3b-\x7e]{1,49}$/.test(company))
    throw new DevCertificateError(
      'the company name must be 1–49 printable ASCII characters, no ":"',
    );
  const days = options.validityDays ?? 365;
  if (!Number.isInteger(days) || days < 1 || days > 3650)
    throw new DevCertificateError('validityDays must be a whole number from 1 to 3650');
  if (Number.isNaN(options.now.getTime())) throw new DevCertificateError('now is not a date');

  const cert = pki.createCertificate();
  cert.publicKey = pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = serialNumber(options);
  cert.validity.notBefore = new Date(options.now.getTime() - CLOCK_SKEW_MS);
  cert.validity.notAfter = new Date(options.now.getTime() + days * DAY_MS);
  const subject = [
    { name: 'countryName', value: 'BR' },
    { name: 'organizationName', value: 'Emissor (desenvolvimento)' },
    { shortName: 'OU', value: 'RFB e-CNPJ A1' },
    { shortName: 'OU', value: 'SEM VALOR FISCAL' },
    { name: 'commonName', value: `${company}:${cnpj}`, valueTagClass: asn1.Type.UTF8 },
  ];
  cert.setSubject(subject as forge.pki.CertificateField[]);

  const issuer = options.issuer;
  const issuerCert = issuer ? pki.certificateFromPem(issuer.certificatePem) : undefined;
  cert.setIssuer(issuerCert ? issuerCert.subject.attributes : cert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    {
      name: 'keyUsage',
      critical: true,
      digitalSignature: true,
      nonRepudiation: true,
      keyEncipherment: true,
    },
    { name: 'extKeyUsage', critical: true, clientAuth: true, emailProtection: true },
    { name: 'subjectKeyIdentifier' },
    subjectAltName(cnpj),
  ]);
  const signingKey = issuer ? rsaKey(issuer.privateKeyPem, "the issuer's key") : key;
  cert.sign(signingKey, forge.md.sha256.create());
  return issuerCert ? { cert, issuerCert } : { cert };
}

/** Attributes tying the certificate bag to its key bag, as OpenSSL writes them. */
const localKeyId = (id: Buffer): Asn1 =>
  set([sequence([oid(OID.localKeyId), set([octets(binary(id))])])]);

function certBag(cert: forge.pki.Certificate, keyId?: Buffer): Asn1 {
  const value = explicit(
    0,
    sequence([oid(OID.x509Certificate), explicit(0, octets(der(pki.certificateToAsn1(cert))))]),
  );
  return sequence([oid(OID.certBag), value, ...(keyId ? [localKeyId(keyId)] : [])]);
}

/** EncryptedPrivateKeyInfo under PBES2: PBKDF2-HMAC-SHA-256 and AES-256-CBC (RFC 8018). */
function shroudedKeyBag(
  options: DevCertificateOptions,
  key: forge.pki.rsa.PrivateKey,
  keyId: Buffer,
): Asn1 {
  const salt = random(options, 16);
  const iv = random(options, 16);
  const aesKey = pbkdf2Sync(options.password, salt, ITERATIONS, 32, 'sha256');
  const cipher = createCipheriv('aes-256-cbc', aesKey, iv);
  const plain = bytesOf(der(pki.wrapRsaPrivateKey(pki.privateKeyToAsn1(key))));
  const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
  const algorithm = sequence([
    oid(OID.pbes2),
    sequence([
      sequence([
        oid(OID.pbkdf2),
        sequence([
          octets(binary(salt)),
          integer(ITERATIONS),
          sequence([oid(OID.hmacWithSha256), nullValue()]),
        ]),
      ]),
      sequence([oid(OID.aes256Cbc), octets(binary(iv))]),
    ]),
  ]);
  const info = sequence([algorithm, octets(binary(encrypted))]);
  return sequence([oid(OID.shroudedKeyBag), explicit(0, info), localKeyId(keyId)]);
}

/** ContentInfo { data, [0] OCTET STRING (SafeContents) }. */
const dataContentInfo = (bags: Asn1[]): Asn1 =>
  sequence([oid(OID.data), explicit(0, octets(der(sequence(bags))))]);

/** PFX { version 3, authSafe, MacData (HMAC-SHA-256 keyed by the PKCS#12 KDF, RFC 7292 B.2) }. */
function pfxDer(options: DevCertificateOptions, contentInfos: Asn1[]): Uint8Array {
  const authSafe = der(sequence(contentInfos));
  const salt = random(options, 16);
  const macKey = forge.pkcs12.generateKey(
    options.password,
    new forge.util.ByteStringBuffer(binary(salt)),
    3,
    ITERATIONS,
    32,
    forge.md.sha256.create(),
  );
  const mac = createHmac('sha256', bytesOf(macKey.getBytes())).update(bytesOf(authSafe)).digest();
  const pfx = sequence([
    integer(3),
    sequence([oid(OID.data), explicit(0, octets(authSafe))]),
    sequence([
      sequence([sequence([oid(OID.sha256), nullValue()]), octets(binary(mac))]),
      octets(binary(salt)),
      integer(ITERATIONS),
    ]),
  ]);
  return new Uint8Array(bytesOf(der(pfx)));
}

/**
 * Builds an A1-like development certificate and its PKCS#12 file.
 *
 * @example
 * ```ts
 * const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
 * const dev = createDevCertificate({
 *   cnpj: '12345678000195', password, now: new Date(), randomBytes,
 *   privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
 * });
 * readPkcs12(dev.pfx, password).cnpj; // '12345678000195'
 * ```
 * @throws {DevCertificateError} for a malformed CNPJ, password, company name, key or validity.
 */
export function createDevCertificate(options: DevCertificateOptions): DevCertificate {
  const cnpj = normalizeCnpj(options.cnpj);
  if (cnpj === undefined || cnpj !== options.cnpj)
    throw new DevCertificateError('the CNPJ must be 14 characters: 12 of [0-9A-Z], 2 digits');
  checkPassword(options.password);
  const key = rsaKey(options.privateKeyPem, 'the key');
  const { cert, issuerCert } = buildCertificate(options, cnpj, key);

  // OpenSSL's localKeyId: the SHA-1 of the certificate.
  const keyId = createHash('sha1')
    .update(bytesOf(der(pki.certificateToAsn1(cert))))
    .digest();
  const certBags = [certBag(cert, keyId), ...(issuerCert ? [certBag(issuerCert)] : [])];
  const pfx = pfxDer(options, [
    dataContentInfo(certBags),
    dataContentInfo([shroudedKeyBag(options, key, keyId)]),
  ]);
  return {
    pfx,
    certificatePem: pki.certificateToPem(cert),
    subjectCn: `${(cert.subject.getField('CN') as { value: string }).value}`,
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
  };
}
