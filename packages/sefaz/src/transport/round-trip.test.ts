import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from 'node:https';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readPkcs12, verifyElement } from '@emissor/signer';
import { generateTestPfx, sharedDir } from '@emissor/test-support';

import { EMITTER_CNPJ, signedNfe } from '../../test/fixtures.js';
import { serverCertificate, testCa } from '../../test/tls.js';
import { xmllintAvailable, xmllintErrors } from '../../test/tools.js';
import { classifyAutorizacao } from '../classify/answers.js';
import { resolveEndpoint } from '../endpoints/resolve.js';
import { buildEnviNFe, buildEnviNFeParts } from '../messages/envi-nfe.js';
import { buildNfeProc } from '../proc/assemble.js';
import { buildProtNFe, buildRetEnviNFe } from '../server/answers.js';
import { readSefazRequest } from '../server/read-request.js';
import {
  soapFaultEnvelope,
  soapRequestEnvelope,
  soapResponseContentType,
  soapResponseEnvelope,
} from '../soap/envelope.js';
import { readSoapRequest } from '../soap/request.js';
import { SefazClient } from './client.js';

/*
 * Both sides of the package over real mutual TLS: a minimal authoriser built from the server
 * helpers (read the SOAP request, check each NF-e's signature, answer synchronously with a
 * protNFe) and the client that sends a lot and assembles the nfeProc from the answer.
 */
const ca = testCa('Emissor Teste Autorizador AC');
const tlsCert = serverCertificate(ca);
const emitter = generateTestPfx({ cnpj: EMITTER_CNPJ, includeChain: true });
const credentials = readPkcs12(emitter.pfx, emitter.password);
let server: Server;
let url = '';
/** The last request as it arrived: its bytes and the length its header announced. */
let received: { body: Buffer; contentLength: string | undefined } | undefined;

function authorise(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received = { body: Buffer.concat(chunks), contentLength: req.headers['content-length'] };
    const soap = readSoapRequest(received.body.toString('utf8'));
    const request = readSefazRequest(soap.message);
    if (soap.service !== 'NFeAutorizacao4' || request.kind !== 'enviNFe') {
      res.writeHead(400, { 'Content-Type': soapResponseContentType(soap.soapVersion) });
      res.end(soapFaultEnvelope('unsupported', soap.soapVersion));
      return;
    }
    const at = '2026-11-21T19:31:00-03:00';
    const prots = request.nfes.map((nfe, index) => {
      const check = verifyElement(soap.message, 'infNFe', index);
      return buildProtNFe({
        tpAmb: '2',
        verAplic: 'MINI-1.0',
        chNFe: nfe.chave,
        dhRecbto: at,
        ...(check.valid
          ? {
              nProt: `13526000000${String(index + 1).padStart(4, '0')}`,
              digVal: check.digestValue,
              cStat: '100',
              xMotivo: 'Autorizado o uso da NF-e',
            }
          : { cStat: '297', xMotivo: 'Rejeicao: Assinatura difere do calculado' }),
      });
    });
    const answer = buildRetEnviNFe({
      tpAmb: '2',
      verAplic: 'MINI-1.0',
      cStat: '104',
      xMotivo: 'Lote processado',
      cUF: '35',
      dhRecbto: at,
      protNFe: prots[0],
    });
    res.writeHead(200, { 'Content-Type': soapResponseContentType(soap.soapVersion) });
    res.end(soapResponseEnvelope(soap.service, answer, soap.soapVersion));
  });
}

beforeAll(async () => {
  server = createServer(
    {
      key: tlsCert.keyPem,
      cert: tlsCert.certPem,
      ca: emitter.chainPem.slice(1),
      requestCert: true,
      rejectUnauthorized: true,
    },
    authorise,
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('a lot sent to an authoriser built from the server helpers', () => {
  it.skipIf(!sharedDir() || !xmllintAvailable)(
    'is authorised, and the nfeProc validates under procNFe',
    async () => {
      const client = new SefazClient({ extraCaPem: [ca.certPem] });
      try {
        const nfe = signedNfe(21);
        const endpoint = resolveEndpoint({
          uf: 'SP',
          ambiente: 'homologacao',
          service: 'NFeAutorizacao4',
          override: url,
        });
        const answer = await client.call({
          credentials,
          endpoint,
          message: buildEnviNFe({ idLote: '1', sincrono: true, nfes: [nfe.xml] }),
        });
        if (answer.kind !== 'retEnviNFe') throw new Error('retEnviNFe expected');
        const [outcome] = classifyAutorizacao(answer, [nfe.chave]);
        expect(outcome?.classification).toMatchObject({
          kind: 'final',
          result: 'autorizada',
          cStat: '100',
        });
        const proc = buildNfeProc(nfe.xml, outcome?.protNFe?.xml ?? '');
        expect(xmllintErrors(proc, 'PL_009_V4', 'procNFe_v4.00.xsd')).toEqual([]);

        const tampered = nfe.xml.replace(
          '<natOp>Venda de mercadoria</natOp>',
          '<natOp>Venda de mercadorias</natOp>',
        );
        expect(tampered).not.toBe(nfe.xml);
        const rejected = await client.call({
          credentials,
          endpoint,
          message: buildEnviNFe({ idLote: '2', sincrono: true, nfes: [tampered] }),
        });
        if (rejected.kind !== 'retEnviNFe') throw new Error('retEnviNFe expected');
        expect(classifyAutorizacao(rejected, [nfe.chave])[0]?.classification).toMatchObject({
          kind: 'final',
          result: 'rejeitada',
          cStat: '297',
        });
      } finally {
        client.close();
      }
    },
  );
});

describe('a message sent in pieces', () => {
  it('arrives as the same bytes as the whole text, with their UTF-8 length', async () => {
    const client = new SefazClient({ extraCaPem: [ca.certPem] });
    try {
      // Two-byte characters in a piece: the length announced must count bytes, not characters.
      const nfes = [signedNfe(31).xml, signedNfe(32).xml.replace('<natOp>', '<natOp>Operação ')];
      const endpoint = resolveEndpoint({
        uf: 'SP',
        ambiente: 'homologacao',
        service: 'NFeAutorizacao4',
        override: url,
      });
      const parts = buildEnviNFeParts({ idLote: '3', sincrono: false, nfes });
      expect(parts.length).toBe(4);
      await client.post({ credentials, endpoint, message: parts });
      const whole = soapRequestEnvelope(
        'NFeAutorizacao4',
        buildEnviNFe({ idLote: '3', sincrono: false, nfes }),
      );
      expect(received?.body.toString('utf8')).toBe(whole);
      expect(received?.contentLength).toBe(String(Buffer.byteLength(whole, 'utf8')));
      expect(Buffer.byteLength(whole, 'utf8')).toBeGreaterThan(whole.length);
    } finally {
      client.close();
    }
  });
});
