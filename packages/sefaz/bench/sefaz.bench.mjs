// Benchmark of @emissor/sefaz (run `pnpm build` first): `node bench/sefaz.bench.mjs`.
// Messages and parsing in ms/op; the transport as round trips per second over real mutual TLS
// against a local HTTPS server that asks for the client certificate (keep-alive, and a new
// connection per call, i.e. a full handshake each time).
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:https';
import { performance } from 'node:perf_hooks';

import forge from 'node-forge';

import { readPkcs12 } from '@emissor/signer';
import { generateTestPfx } from '@emissor/test-support';

import {
  buildCancelamentoEvento,
  buildEnviNFe,
  buildEnviNFeParts,
  buildConsStatServ,
  buildProtNFe,
  buildRetConsReciNFe,
  buildRetConsStatServ,
  classifyAutorizacao,
  parseSefazAnswer,
  resolveEndpoint,
  SefazClient,
  signEvento,
  soapResponseEnvelope,
} from '../dist/index.js';

const { pki } = forge;

function certificate(cn, issuer, extensions) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = pki.createCertificate();
  cert.publicKey = pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = String(Math.floor(Math.random() * 1e9).toString(16)).padStart(8, '0');
  cert.validity.notBefore = new Date('2024-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2124-01-01T00:00:00Z');
  cert.setSubject([{ name: 'commonName', value: cn }]);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : [{ name: 'commonName', value: cn }]);
  cert.setExtensions(extensions);
  cert.sign(issuer?.key ?? key, forge.md.sha256.create());
  return { key, cert, keyPem: pki.privateKeyToPem(key), certPem: pki.certificateToPem(cert) };
}

function timeIt(label, runs, fn) {
  for (let i = 0; i < Math.min(20, runs); i++) fn(i);
  const start = performance.now();
  for (let i = 0; i < runs; i++) fn(i);
  const ms = (performance.now() - start) / runs;
  console.log(`${label.padEnd(58)} ${ms.toFixed(3)} ms/op`);
}

const pfx = generateTestPfx({ cnpj: '58716523000119', includeChain: true });
const credentials = readPkcs12(pfx.pfx, pfx.password);
const chave = '35261158716523000119550010000000261407182930';

timeIt('build + sign a cancel evento (RSA-2048)', 300, () =>
  signEvento(
    buildCancelamentoEvento({
      ambiente: 'homologacao',
      autor: { cnpj: '58716523000119' },
      chave,
      dhEvento: '2026-11-26T10:00:00-03:00',
      nProt: '135260000000001',
      justificativa: 'Pedido cancelado pelo cliente',
    }),
    credentials,
  ),
);

const nfe = `<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe Id="NFe${chave}" versao="4.00">${'<det>x</det>'.repeat(400)}</infNFe></NFe>`;
timeIt('buildEnviNFe of 50 NF-e (~5 KB each)', 300, () =>
  buildEnviNFe({ idLote: '1', sincrono: false, nfes: Array(50).fill(nfe) }),
);
// What SefazClient sends a lot as: the pieces, never joined (buildEnviNFe joins them).
timeIt('buildEnviNFeParts of the same 50 NF-e', 300, () =>
  buildEnviNFeParts({ idLote: '1', sincrono: false, nfes: Array(50).fill(nfe) }),
);

const base = { tpAmb: '2', verAplic: 'BENCH', cUF: '35', dhRecbto: '2026-11-26T10:00:00-03:00' };
const keys = Array.from(
  { length: 50 },
  (_, i) => `${chave.slice(0, 34)}${String(i).padStart(10, '0')}`,
);
const reci = soapResponseEnvelope(
  'NFeRetAutorizacao4',
  buildRetConsReciNFe({
    ...base,
    nRec: '351000000000001',
    cStat: '104',
    xMotivo: 'Lote processado',
    protNFe: keys.map((k, i) =>
      buildProtNFe({
        ...base,
        chNFe: k,
        nProt: `1352600000${String(i).padStart(5, '0')}`,
        digVal: 'aWpBMlDjIlWUn2ALNSdwzLi2ntE=',
        cStat: '100',
        xMotivo: 'Autorizado o uso da NF-e',
      }),
    ),
  }),
);
timeIt('parse + classify retConsReciNFe with 50 protNFe', 300, () =>
  classifyAutorizacao(parseSefazAnswer(reci), keys),
);

// Transport over mutual TLS.
const ca = certificate('Bench AC', undefined, [
  { name: 'basicConstraints', cA: true },
  { name: 'keyUsage', keyCertSign: true },
]);
const server = certificate('localhost', ca, [
  { name: 'basicConstraints', cA: false },
  { name: 'extKeyUsage', serverAuth: true },
  { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
]);
const answer = soapResponseEnvelope(
  'NFeStatusServico4',
  buildRetConsStatServ({ ...base, cStat: '107', xMotivo: 'Servico em Operacao', tMed: 1 }),
);
const https = createServer(
  {
    key: server.keyPem,
    cert: server.certPem,
    ca: [pfx.chainPem[1]],
    requestCert: true,
    rejectUnauthorized: true,
  },
  (req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/soap+xml' }).end(answer));
  },
);
await new Promise((resolve) => https.listen(0, '127.0.0.1', resolve));
const url = `https://127.0.0.1:${https.address().port}`;
const endpoint = resolveEndpoint({
  uf: 'SP',
  ambiente: 'homologacao',
  service: 'NFeStatusServico4',
  override: url,
});
const message = buildConsStatServ({ ambiente: 'homologacao', cUF: '35' });

/** `mode`: keep-alive; `reconnect` closes the connection after each call; `cold` uses a new client. */
async function rate(label, total, concurrency, mode) {
  let client = new SefazClient({ extraCaPem: [ca.certPem] });
  await client.call({ credentials, endpoint, message }); // the certificate's TLS context, once
  let done = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (done < total) {
        done++;
        if (mode === 'cold') client = new SefazClient({ extraCaPem: [ca.certPem] });
        await client.call({ credentials, endpoint, message });
        // The pool is private to TypeScript callers; the benchmark reaches in to drop the socket.
        if (mode === 'reconnect') client['pool'].agentFor(credentials).destroy();
        if (mode === 'cold') client.close();
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  client.close();
  console.log(`${label.padEnd(58)} ${(total / seconds).toFixed(0)} calls/s`);
}

await rate('status call, keep-alive, 1 at a time', 400, 1, 'keep-alive');
await rate('status call, keep-alive, 8 concurrent', 1000, 8, 'keep-alive');
await rate('status call, new TLS handshake per call', 100, 1, 'reconnect');
await rate('status call, new client per call (trust store + context)', 20, 1, 'cold');
https.close();
