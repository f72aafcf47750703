// Benchmark for signNfe / verifyNfe on NF-e-shaped documents (run `pnpm build` first):
//   node bench/sign.bench.mjs
// Not part of the test suite: timings depend on the machine.
import { generateKeyPairSync } from 'node:crypto';

import forge from 'node-forge';

import { signNfe, verifyNfe } from '../dist/index.js';

function credentials() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(
    privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  );
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date('2024-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2034-01-01T00:00:00Z');
  const subject = [{ name: 'commonName', value: 'EMPRESA BENCH LTDA:12345678000195' }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(key, forge.md.sha256.create());
  const certificateBase64 = forge.util.encode64(
    forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(),
  );
  return { privateKey, certificateBase64 };
}

/** One <det> of about 235 bytes, as a 4.00 goods line with ICMS/PIS/COFINS looks. */
function det(n) {
  return (
    `<det nItem="${n}"><prod><cProd>${1000 + n}</cProd><xProd>ITEM ${n} &amp; CIA</xProd><NCM>61091000</NCM>` +
    `<CFOP>5102</CFOP><uCom>UN</uCom><qCom>1.0000</qCom><vProd>10.00</vProd></prod>` +
    `<imposto><ICMS><ICMSSN102><CSOSN>102</CSOSN></ICMSSN102></ICMS></imposto></det>`
  );
}

function nfe(items) {
  const dets = Array.from({ length: items }, (_, i) => det(i + 1)).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?><NFe xmlns="http://www.portalfiscal.inf.br/nfe">' +
    '<infNFe Id="NFe35250112345678000195550010000000011000000010" versao="4.00"><ide><cUF>35</cUF><cNF>00000001</cNF>' +
    '<natOp>VENDA DE MERCADORIA</natOp><mod>55</mod><serie>1</serie><nNF>1</nNF><dhEmi>2025-01-15T10:00:00-03:00</dhEmi>' +
    '<tpNF>1</tpNF><idDest>1</idDest><cMunFG>3550308</cMunFG><tpImp>1</tpImp><tpEmis>1</tpEmis><cDV>0</cDV><tpAmb>2</tpAmb>' +
    '<finNFe>1</finNFe><indFinal>1</indFinal><indPres>1</indPres><procEmi>0</procEmi><verProc>emissor</verProc></ide>' +
    '<emit><CNPJ>12345678000195</CNPJ><xNome>EMPRESA BENCH LTDA</xNome><enderEmit><xLgr>RUA A</xLgr><nro>1</nro>' +
    '<xBairro>CENTRO</xBairro><cMun>3550308</cMun><xMun>SAO PAULO</xMun><UF>SP</UF><CEP>01001000</CEP></enderEmit>' +
    `<IE>111111111111</IE><CRT>1</CRT></emit>${dets}<total><ICMSTot><vBC>0.00</vBC><vProd>${(items * 10).toFixed(2)}</vProd>` +
    `<vNF>${(items * 10).toFixed(2)}</vNF></ICMSTot></total><transp><modFrete>9</modFrete></transp>` +
    '<pag><detPag><tPag>01</tPag><vPag>10.00</vPag></detPag></pag></infNFe></NFe>'
  );
}

/** Wall and CPU (user + system) ms per call. On a shared machine CPU time is the steadier of the two. */
function time(fn, minMs = 1000) {
  for (let i = 0; i < 20; i++) fn(); // warm up the JIT
  let runs = 0;
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  let elapsed = 0;
  while (elapsed < minMs) {
    fn();
    runs++;
    elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  }
  const cpu = process.cpuUsage(cpuStart);
  return { wall: elapsed / runs, cpu: (cpu.user + cpu.system) / 1000 / runs };
}

const creds = credentials();
console.log('items    bytes   sign ms/op (wall / cpu)   verify ms/op (wall / cpu)');
for (const items of [1, 10, 100, 990]) {
  const xml = nfe(items);
  const signed = signNfe(xml, creds);
  const check = verifyNfe(signed);
  if (!check.valid) throw new Error(`verification failed at ${items} items: ${check.reason}`);
  const sign = time(() => signNfe(xml, creds));
  const verify = time(() => verifyNfe(signed));
  const pair = ({ wall, cpu }) => `${wall.toFixed(3).padStart(8)} / ${cpu.toFixed(3).padStart(7)}`;
  console.log(
    `${String(items).padStart(5)} ${String(Buffer.byteLength(xml)).padStart(8)}   ${pair(sign)}        ${pair(verify)}`,
  );
}
