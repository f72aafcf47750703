import { generateKeyPairSync } from 'node:crypto';

import forge from 'node-forge';

const { pki } = forge;

export interface Issued {
  readonly keyPem: string;
  readonly certPem: string;
  readonly key: forge.pki.rsa.PrivateKey;
  readonly cert: forge.pki.Certificate;
}

let serial = 0x5000;

function rsaKey(): forge.pki.rsa.PrivateKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
}

function issue(commonName: string, issuer: Issued | undefined, extensions: object[]): Issued {
  const key = rsaKey();
  const cert = pki.createCertificate();
  cert.publicKey = pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = (serial++).toString(16).padStart(6, '0');
  cert.validity.notBefore = new Date('2024-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2124-01-01T00:00:00Z');
  const subject = [{ name: 'commonName', value: commonName }];
  cert.setSubject(subject);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : subject);
  cert.setExtensions(extensions);
  cert.sign(issuer?.key ?? key, forge.md.sha256.create());
  return { key, cert, keyPem: pki.privateKeyToPem(key), certPem: pki.certificateToPem(cert) };
}

/** A self-signed CA for a test server. */
export function testCa(name: string): Issued {
  return issue(name, undefined, [
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true },
  ]);
}

/** A TLS server certificate for localhost and 127.0.0.1, issued by `ca`. */
export function serverCertificate(ca: Issued): Issued {
  return issue('localhost', ca, [
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
      ],
    },
  ]);
}
