import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import forge from 'node-forge';

const { pki } = forge;

/** The PEM files of the simulator's own CA and of the server certificate it issued. */
export interface ServerCredentials {
  /** Absolute path of the CA certificate: what clients add to their trust set. */
  readonly caPath: string;
  readonly caPem: string;
  readonly certificatePem: string;
  readonly privateKeyPem: string;
}

const TEN_YEARS_MS = 10 * 365 * 24 * 3600 * 1000;

function rsaKeyPair(): {
  privateKey: forge.pki.rsa.PrivateKey;
  publicKey: forge.pki.rsa.PublicKey;
} {
  // Node's native generator: forge's pure-JS one takes a noticeable fraction of a second per key.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  return { privateKey: key, publicKey: pki.setRsaPublicKey(key.n, key.e) };
}

function newCertificate(publicKey: forge.pki.rsa.PublicKey, now: Date): forge.pki.Certificate {
  const cert = pki.createCertificate();
  cert.publicKey = publicKey;
  // A random positive serial, so certificates of two data folders never collide in a client's cache.
  cert.serialNumber = '01' + randomBytes(15).toString('hex');
  cert.validity.notBefore = new Date(now.getTime() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(now.getTime() + TEN_YEARS_MS);
  return cert;
}

function issue(hostnames: readonly string[], now: Date): Omit<ServerCredentials, 'caPath'> {
  const ca = rsaKeyPair();
  const caCert = newCertificate(ca.publicKey, now);
  const caSubject = [
    { name: 'commonName', value: 'Emissor SEFAZ Simulator Local CA' },
    { name: 'organizationName', value: 'Emissor (local test authority, not ICP-Brasil)' },
    { name: 'countryName', value: 'BR' },
  ];
  caCert.setSubject(caSubject);
  caCert.setIssuer(caSubject);
  caCert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  caCert.sign(ca.privateKey, forge.md.sha256.create());

  const server = rsaKeyPair();
  const serverCert = newCertificate(server.publicKey, now);
  serverCert.setSubject([{ name: 'commonName', value: hostnames[0] ?? 'localhost' }]);
  serverCert.setIssuer(caSubject);
  serverCert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: hostnames.map((host) =>
        /^[0-9.]+$/.test(host) || host.includes(':')
          ? { type: 7, ip: host }
          : { type: 2, value: host },
      ),
    },
  ]);
  serverCert.sign(ca.privateKey, forge.md.sha256.create());
  return {
    caPem: pki.certificateToPem(caCert),
    certificatePem: pki.certificateToPem(serverCert),
    privateKeyPem: pki.privateKeyToPem(server.privateKey),
  };
}

/**
 * The simulator's TLS identity, kept in `dataDir`: created on first start (a CA of its own and a
 * server certificate for `hostnames` signed by it) and reused afterwards, so a client that trusted
 * the CA once keeps trusting the simulator across restarts. The CA key is not kept: nothing else
 * is ever issued, and a key that does not exist cannot leak.
 */
export function loadOrCreateServerCredentials(
  dataDir: string,
  hostnames: readonly string[],
  now: Date = new Date(),
): ServerCredentials {
  mkdirSync(dataDir, { recursive: true });
  const caPath = join(dataDir, 'ca.pem');
  const certificatePath = join(dataDir, 'server.pem');
  const keyPath = join(dataDir, 'server-key.pem');
  if (existsSync(caPath) && existsSync(certificatePath) && existsSync(keyPath)) {
    return {
      caPath,
      caPem: readFileSync(caPath, 'utf8'),
      certificatePem: readFileSync(certificatePath, 'utf8'),
      privateKeyPem: readFileSync(keyPath, 'utf8'),
    };
  }
  const issued = issue(hostnames, now);
  writeFileSync(keyPath, issued.privateKeyPem, { mode: 0o600 });
  writeFileSync(certificatePath, issued.certificatePem);
  // Written last: its presence means the set is complete.
  writeFileSync(caPath, issued.caPem);
  return { caPath, ...issued };
}
