import { generateKeyPairSync } from 'node:crypto';

import forge from 'node-forge';

const { asn1, pki } = forge;

/** Where (and how) the generated certificate carries the CNPJ. */
export type CnpjLocation =
  /** SAN otherName 2.16.76.1.3.3 as OCTET STRING (SEFAZ-RS test CA) and CN `NAME:CNPJ`. */
  | 'san-and-cn'
  | 'san-octet-string'
  | 'san-printable-string'
  | 'san-utf8-string'
  | 'san-ia5-string'
  /** Only in the CN, as `NAME:CNPJ`. */
  | 'cn'
  /** Only in the CN, punctuated and alone: `CN=06.157.250/0001-16`. */
  | 'cn-formatted'
  | 'none';

export interface TestPfxOptions {
  /** 14 characters; default `12345678000195`. */
  readonly cnpj?: string;
  readonly cnpjLocation?: CnpjLocation;
  readonly companyName?: string;
  /** Default 2024-01-01 → 2124-01-01, so tests do not depend on today's date. */
  readonly notBefore?: Date;
  readonly notAfter?: Date;
  /** RSA modulus bits; default 2048. */
  readonly keySize?: number;
  /** Put an intermediate and a root CA certificate in the file (the leaf is issued by the intermediate). */
  readonly includeChain?: boolean;
  /** Position of the leaf among the certificate bags; default `first`. */
  readonly leafPosition?: 'first' | 'last';
  /** Put the key safe-contents before the certificate one (forge writes certificates first). */
  readonly keyFirst?: boolean;
  /** Unrelated private keys stored in additional key bags ahead of the real one. */
  readonly extraKeys?: number;
  /** Leave the private key out: a file with certificates only. */
  readonly omitPrivateKey?: boolean;
  /** Key-bag encryption; default `3des` (what most A1 files use). */
  readonly encryption?: '3des' | 'aes256';
  /** Default `senha123`. */
  readonly password?: string;
}

export interface TestPfx {
  readonly pfx: Uint8Array;
  readonly password: string;
  readonly privateKeyPem: string;
  readonly certificatePem: string;
  /** DER base64 of the leaf: what `X509Certificate` in a signature holds. */
  readonly certificateBase64: string;
  /** The CA certificates in the file, issuer of the leaf first (empty without `includeChain`). */
  readonly chainPem: readonly string[];
  readonly subjectCn: string;
}

interface Issuer {
  readonly key: forge.pki.rsa.PrivateKey;
  readonly cert: forge.pki.Certificate;
}

let serial = 0x1000;
let cachedCas: { root: Issuer; intermediate: Issuer } | undefined;

function rsaKey(bits: number): forge.pki.rsa.PrivateKey {
  // Native key generation: forge's pure-JS generator takes ~0.2 s per 2048-bit key.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  return pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
}

function makeCertificate(
  key: forge.pki.rsa.PrivateKey,
  subject: forge.pki.CertificateField[],
  issuer: Issuer | undefined,
  validity: { notBefore: Date; notAfter: Date },
  extensions: object[],
): forge.pki.Certificate {
  const cert = pki.createCertificate();
  cert.publicKey = pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = (serial++).toString(16).padStart(6, '0');
  cert.validity.notBefore = validity.notBefore;
  cert.validity.notAfter = validity.notAfter;
  cert.setSubject(subject);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : subject);
  cert.setExtensions(extensions);
  cert.sign(issuer?.key ?? key, forge.md.sha256.create());
  return cert;
}

function certificateAuthorities(): { root: Issuer; intermediate: Issuer } {
  if (cachedCas) return cachedCas;
  const validity = {
    notBefore: new Date('2020-01-01T00:00:00Z'),
    notAfter: new Date('2130-01-01T00:00:00Z'),
  };
  const caExtensions = [
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true },
  ];
  const rootKey = rsaKey(2048);
  const rootCert = makeCertificate(
    rootKey,
    [
      { name: 'commonName', value: 'Emissor Teste AC Raiz' },
      { name: 'countryName', value: 'BR' },
    ],
    undefined,
    validity,
    caExtensions,
  );
  const root = { key: rootKey, cert: rootCert };
  const intermediateKey = rsaKey(2048);
  const intermediateCert = makeCertificate(
    intermediateKey,
    [
      { name: 'commonName', value: 'Emissor Teste AC Intermediaria' },
      { name: 'countryName', value: 'BR' },
    ],
    root,
    validity,
    caExtensions,
  );
  cachedCas = { root, intermediate: { key: intermediateKey, cert: intermediateCert } };
  return cachedCas;
}

const STRING_TYPES = {
  'san-and-cn': asn1.Type.OCTETSTRING,
  'san-octet-string': asn1.Type.OCTETSTRING,
  'san-printable-string': asn1.Type.PRINTABLESTRING,
  'san-utf8-string': asn1.Type.UTF8,
  'san-ia5-string': asn1.Type.IA5STRING,
} as const;

/** otherName ::= [0] { OID, [0] EXPLICIT value } — forge cannot build it from `altNames`. */
function otherName(oid: string, type: number, value: string): forge.asn1.Asn1 {
  return asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(oid).getBytes()),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(asn1.Class.UNIVERSAL, type, false, value),
    ]),
  ]);
}

function leafSubjectAndExtensions(options: TestPfxOptions): {
  subject: forge.pki.CertificateField[];
  extensions: object[];
} {
  const cnpj = options.cnpj ?? '12345678000195';
  const location = options.cnpjLocation ?? 'san-and-cn';
  const company = options.companyName ?? 'EMPRESA TESTE LTDA';
  const commonName =
    location === 'san-and-cn' || location === 'cn'
      ? `${company}:${cnpj}`
      : location === 'cn-formatted'
        ? `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`
        : company;
  const names: forge.asn1.Asn1[] = [
    otherName(
      '2.16.76.1.3.4',
      asn1.Type.OCTETSTRING,
      '010119809999999999900000000000000000000000000',
    ),
    otherName('2.16.76.1.3.2', asn1.Type.OCTETSTRING, 'RESPONSAVEL TESTE'),
  ];
  if (location in STRING_TYPES) {
    const type = STRING_TYPES[location as keyof typeof STRING_TYPES];
    names.push(
      otherName(
        '2.16.76.1.3.3',
        type,
        type === asn1.Type.UTF8 ? forge.util.encodeUtf8(cnpj) : cnpj,
      ),
    );
  }
  names.push(otherName('2.16.76.1.3.7', asn1.Type.OCTETSTRING, '000000000000'));
  names.push(asn1.create(asn1.Class.CONTEXT_SPECIFIC, 1, false, 'contato@empresa.test'));
  return {
    subject: [
      { name: 'countryName', value: 'BR' },
      { name: 'organizationName', value: 'ICP-Brasil' },
      { name: 'commonName', value: commonName },
    ],
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
      { name: 'extKeyUsage', clientAuth: true, emailProtection: true },
      // Passing `value` bypasses forge's altNames builder, which only writes primitive tags.
      {
        id: '2.5.29.17',
        name: 'subjectAltName',
        value: asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, names),
      },
    ],
  };
}

const oid = (name: string): string => asn1.oidToDer(pki.oids[name] ?? name).getBytes();

function dataContentInfo(bags: forge.asn1.Asn1[]): forge.asn1.Asn1 {
  const safeContents = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, bags);
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, oid('data')),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(
        asn1.Class.UNIVERSAL,
        asn1.Type.OCTETSTRING,
        false,
        asn1.toDer(safeContents).getBytes(),
      ),
    ]),
  ]);
}

function certBag(cert: forge.pki.Certificate): forge.asn1.Asn1 {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, oid('certBag')),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, oid('x509Certificate')),
        asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
          asn1.create(
            asn1.Class.UNIVERSAL,
            asn1.Type.OCTETSTRING,
            false,
            asn1.toDer(pki.certificateToAsn1(cert)).getBytes(),
          ),
        ]),
      ]),
    ]),
  ]);
}

function shroudedKeyBag(
  key: forge.pki.rsa.PrivateKey,
  password: string,
  algorithm: '3des' | 'aes256',
): forge.asn1.Asn1 {
  const info = pki.wrapRsaPrivateKey(pki.privateKeyToAsn1(key));
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, oid('pkcs8ShroudedKeyBag')),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      pki.encryptPrivateKeyInfo(info, password, { algorithm, count: 2048 }),
    ]),
  ]);
}

/** PFX { version 3, authSafe, macData (HMAC-SHA1, PKCS#12 key derivation) }. */
function pfxDer(contentInfos: forge.asn1.Asn1[], password: string): Uint8Array {
  const authSafe = asn1
    .toDer(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, contentInfos))
    .getBytes();
  const salt = forge.random.getBytesSync(8);
  const macKey = forge.pkcs12.generateKey(
    password,
    new forge.util.ByteStringBuffer(salt),
    3,
    2048,
    20,
  );
  const hmac = forge.hmac.create();
  hmac.start('sha1', macKey.getBytes());
  hmac.update(authSafe);
  const pfx = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(3).getBytes()),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, oid('data')),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, authSafe),
      ]),
    ]),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, oid('sha1')),
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, ''),
        ]),
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, hmac.digest().getBytes()),
      ]),
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, salt),
      asn1.create(
        asn1.Class.UNIVERSAL,
        asn1.Type.INTEGER,
        false,
        asn1.integerToDer(2048).getBytes(),
      ),
    ]),
  ]);
  return new Uint8Array(Buffer.from(asn1.toDer(pfx).getBytes(), 'binary'));
}

/**
 * Builds an ICP-Brasil-style A1 certificate (CNPJ in SAN otherName 2.16.76.1.3.3 and/or the CN)
 * and its PKCS#12 file, with knobs for the layouts met in the field: chain included, leaf not
 * first, several key bags, certificate-only files, 3DES or AES-256 key encryption.
 */
export function generateTestPfx(options: TestPfxOptions = {}): TestPfx {
  const password = options.password ?? 'senha123';
  const encryption = options.encryption ?? '3des';
  const key = rsaKey(options.keySize ?? 2048);
  const validity = {
    notBefore: options.notBefore ?? new Date('2024-01-01T00:00:00Z'),
    notAfter: options.notAfter ?? new Date('2124-01-01T00:00:00Z'),
  };
  const { subject, extensions } = leafSubjectAndExtensions(options);
  const cas = options.includeChain ? certificateAuthorities() : undefined;
  const leaf = makeCertificate(key, subject, cas?.intermediate, validity, extensions);
  const caCerts = cas ? [cas.intermediate.cert, cas.root.cert] : [];
  const certs = options.leafPosition === 'last' ? [...caCerts, leaf] : [leaf, ...caCerts];

  const keyBags: forge.asn1.Asn1[] = [];
  for (let n = 0; n < (options.extraKeys ?? 0); n++)
    keyBags.push(shroudedKeyBag(rsaKey(1024), password, encryption));
  if (!options.omitPrivateKey) keyBags.push(shroudedKeyBag(key, password, encryption));
  const certInfo = dataContentInfo(certs.map(certBag));
  const keyInfos = keyBags.length > 0 ? [dataContentInfo(keyBags)] : [];
  const contentInfos = options.keyFirst ? [...keyInfos, certInfo] : [certInfo, ...keyInfos];

  const cnField = leaf.subject.getField('CN') as { value: string };
  return {
    pfx: pfxDer(contentInfos, password),
    password,
    privateKeyPem: pki.privateKeyToPem(key),
    certificatePem: pki.certificateToPem(leaf),
    certificateBase64: forge.util.encode64(asn1.toDer(pki.certificateToAsn1(leaf)).getBytes()),
    chainPem: caCerts.map((c) => pki.certificateToPem(c)),
    subjectCn: cnField.value,
  };
}
