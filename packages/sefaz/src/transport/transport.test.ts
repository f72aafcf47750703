import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from 'node:https';
import { createServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readPkcs12 } from '@emissor/signer';
import { generateTestPfx, sharedDir, sharedPath } from '@emissor/test-support';

import { serverCertificate, testCa } from '../../test/tls.js';
import { classifyFailure } from '../classify/failure.js';
import { resolveEndpoint } from '../endpoints/resolve.js';
import { buildConsStatServ } from '../messages/queries.js';
import { readSoapRequest } from '../soap/request.js';
import { soapResponseEnvelope } from '../soap/envelope.js';
import { AgentPool } from './agent-pool.js';
import { SefazClient } from './client.js';
import { TransportError } from './errors.js';
import { sefazTrustStore, vendoredSefazCas } from './trust.js';

/*
 * A real HTTPS server that requires a client certificate from the test ICP chain, answers the
 * status service with the CN of the certificate it saw, and counts TLS handshakes per CN.
 */
const serverCa = testCa('Emissor Teste Servidor AC');
const serverCert = serverCertificate(serverCa);
const companyA = generateTestPfx({
  cnpj: '11111111000191',
  companyName: 'EMPRESA A',
  includeChain: true,
});
const companyB = generateTestPfx({
  cnpj: '22222222000191',
  companyName: 'EMPRESA B',
  includeChain: true,
});
const credentialsA = readPkcs12(companyA.pfx, companyA.password);
const credentialsB = readPkcs12(companyB.pfx, companyB.password);
// The server trusts only the test root: the client must send the intermediate along.
const clientRoot = companyA.chainPem[1] ?? '';

const handshakes = new Map<string, number>();
const received: { contentType: string | undefined; body: string }[] = [];
const sockets = new Set<Socket>();
let server: Server;
let base = '';

function answer(cn: string): string {
  return soapResponseEnvelope(
    'NFeStatusServico4',
    `<retConsStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb><verAplic>TEST</verAplic>` +
      `<cStat>107</cStat><xMotivo>${cn}</xMotivo><cUF>35</cUF><dhRecbto>2026-11-26T10:00:00-03:00</dhRecbto></retConsStatServ>`,
  );
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const cn = String((req.socket as TLSSocket).getPeerCertificate().subject.CN);
    received.push({
      contentType: req.headers['content-type'],
      body: Buffer.concat(chunks).toString('utf8'),
    });
    if (req.url?.startsWith('/slow/')) return; // never answers
    if (req.url?.startsWith('/fail/')) {
      res.writeHead(500, { 'Content-Type': 'application/soap+xml' }).end('<fault/>');
      return;
    }
    const delay = req.url?.includes('delay') ? 20 : 0;
    setTimeout(
      () =>
        res
          .writeHead(200, { 'Content-Type': 'application/soap+xml; charset=utf-8' })
          .end(answer(cn)),
      delay,
    );
  });
}

beforeAll(async () => {
  server = createServer(
    {
      key: serverCert.keyPem,
      cert: serverCert.certPem,
      ca: [clientRoot],
      requestCert: true,
      rejectUnauthorized: true,
    },
    handle,
  );
  server.on('secureConnection', (socket: TLSSocket) => {
    const cn = String(socket.getPeerCertificate().subject.CN);
    handshakes.set(cn, (handshakes.get(cn) ?? 0) + 1);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const statusMessage = buildConsStatServ({ ambiente: 'homologacao', cUF: '35' });
const endpoint = (override = base) =>
  resolveEndpoint({ uf: 'SP', ambiente: 'homologacao', service: 'NFeStatusServico4', override });

async function failure(promise: Promise<unknown>): Promise<TransportError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TransportError) return error;
    throw error;
  }
  throw new Error('expected a TransportError');
}

describe('SefazClient over real mutual TLS', () => {
  it('sends SOAP 1.2 with the action and the client certificate chain, and parses the answer', async () => {
    const client = new SefazClient({ extraCaPem: [serverCa.certPem] });
    try {
      const result = await client.call({
        credentials: credentialsA,
        endpoint: endpoint(),
        message: statusMessage,
      });
      expect(result).toMatchObject({
        kind: 'retConsStatServ',
        cStat: '107',
        xMotivo: credentialsA.subjectCn,
      });
      const last = received[received.length - 1];
      expect(last?.contentType).toBe(
        'application/soap+xml; charset=utf-8; action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4/nfeStatusServicoNF"',
      );
      expect(readSoapRequest(last?.body ?? '')).toMatchObject({
        soapVersion: '1.2',
        service: 'NFeStatusServico4',
        message: statusMessage,
      });
    } finally {
      client.close();
    }
  });

  it('keeps one agent per certificate: concurrent calls of two companies never share a connection', async () => {
    const client = new SefazClient({ extraCaPem: [serverCa.certPem] });
    try {
      const calls = Array.from({ length: 24 }, (_, i) =>
        i % 2 === 0 ? credentialsA : credentialsB,
      );
      const answers = await Promise.all(
        calls.map((credentials) =>
          client.call({ credentials, endpoint: endpoint(`${base}/delay`), message: statusMessage }),
        ),
      );
      answers.forEach((result, i) =>
        expect(result).toMatchObject({ xMotivo: calls[i]?.subjectCn }),
      );
      expect(client.agentCount).toBe(2);
    } finally {
      client.close();
    }
  });

  it('reuses the connection of a certificate (keep-alive)', async () => {
    const client = new SefazClient({ extraCaPem: [serverCa.certPem] });
    const company = generateTestPfx({
      cnpj: '33333333000191',
      companyName: 'EMPRESA C',
      includeChain: true,
    });
    const credentials = readPkcs12(company.pfx, company.password);
    try {
      for (let i = 0; i < 4; i++)
        await client.call({ credentials, endpoint: endpoint(), message: statusMessage });
      expect(handshakes.get(credentials.subjectCn)).toBe(1);
    } finally {
      client.close();
    }
  });

  it('refuses a server it does not trust: verification cannot be skipped', async () => {
    const client = new SefazClient();
    try {
      const error = await failure(
        client.call({ credentials: credentialsA, endpoint: endpoint(), message: statusMessage }),
      );
      expect(error).toMatchObject({ code: 'tls_failed', requestSent: false });
      expect(classifyFailure('NFeAutorizacao4', error).kind).toBe('retryable');
    } finally {
      client.close();
    }
  });

  it('is refused by a server that does not accept its certificate', async () => {
    const client = new SefazClient({ extraCaPem: [serverCa.certPem] });
    const stranger = generateTestPfx({ cnpj: '44444444000191', keySize: 1024 });
    try {
      const error = await failure(
        client.call({
          credentials: readPkcs12(stranger.pfx, stranger.password),
          endpoint: endpoint(),
          message: statusMessage,
        }),
      );
      // TLS 1.2 refuses the certificate in the handshake (tls_failed, nothing sent); TLS 1.3 checks
      // it after the client's Finished, so the refusal shows as a connection closed after the
      // request left: unknown for a send until a consulta (which fails the same way) says more.
      expect(['tls_failed', 'connection_lost']).toContain(error.code);
      expect(classifyFailure('NFeConsultaProtocolo4', error).kind).toBe('retryable');
    } finally {
      client.close();
    }
  });

  it('times out, and a send whose answer is lost is unknown', async () => {
    const client = new SefazClient({ extraCaPem: [serverCa.certPem] });
    try {
      const error = await failure(
        client.call({
          credentials: credentialsA,
          endpoint: endpoint(`${base}/slow`),
          message: statusMessage,
          timeoutMs: 300,
        }),
      );
      expect(error).toMatchObject({ code: 'timeout', requestSent: true });
      expect(classifyFailure('NFeAutorizacao4', error).kind).toBe('unknown');
      expect(classifyFailure('NFeStatusServico4', error).kind).toBe('retryable');
    } finally {
      client.close();
    }
  });

  it('reports a 5xx with its body, and a closed port as a connection that never carried the request', async () => {
    const client = new SefazClient({ extraCaPem: [serverCa.certPem] });
    try {
      const error = await failure(
        client.call({
          credentials: credentialsA,
          endpoint: endpoint(`${base}/fail`),
          message: statusMessage,
        }),
      );
      expect(error).toMatchObject({
        code: 'http_status',
        httpStatus: 500,
        body: '<fault/>',
        requestSent: true,
      });
      const closed = await failure(
        client.call({
          credentials: credentialsA,
          endpoint: endpoint('https://127.0.0.1:1'),
          message: statusMessage,
        }),
      );
      expect(closed).toMatchObject({ code: 'connect_failed', requestSent: false });
    } finally {
      client.close();
    }
  });
});

describe('AgentPool', () => {
  it('builds one agent and one TLS context per certificate, reused by every call', () => {
    const pool = new AgentPool({ ca: [serverCa.certPem] });
    try {
      const first = pool.agentFor(credentialsA);
      expect(pool.agentFor(credentialsA)).toBe(first);
      expect(pool.agentFor(credentialsB)).not.toBe(first);
      expect(pool.size).toBe(2);
      const context = (first.options as { secureContext?: unknown }).secureContext;
      expect(context).toBeDefined();
      expect(
        (pool.agentFor(credentialsB).options as { secureContext?: unknown }).secureContext,
      ).not.toBe(context);
    } finally {
      pool.destroy();
    }
  });

  it('refuses an answer over the size limit', async () => {
    const client = new SefazClient({ extraCaPem: [serverCa.certPem], maxAnswerBytes: 100 });
    try {
      const error = await failure(
        client.call({ credentials: credentialsA, endpoint: endpoint(), message: statusMessage }),
      );
      expect(error).toMatchObject({ code: 'answer_too_large', requestSent: true });
    } finally {
      client.close();
    }
  });
});

describe.skipIf(!sharedDir())('the vendored trust set', () => {
  it('is shared/sefaz-trust byte for byte, provenance included', () => {
    const files = (root: string): string[] =>
      readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => join(d.parentPath, d.name).slice(root.length + 1))
        .sort();
    const vendoredDir = fileURLToPath(new URL('../../trust', import.meta.url));
    const sharedTrust = sharedPath('sefaz-trust');
    expect(files(vendoredDir)).toEqual(files(sharedTrust));
    expect(files(vendoredDir)).toContain('SOURCE.md');
    for (const file of files(sharedTrust))
      expect(
        readFileSync(join(vendoredDir, file)).equals(readFileSync(join(sharedTrust, file))),
      ).toBe(true);
  });
});

describe('trust set', () => {
  it("is Node's store plus the vendored SEFAZ CAs plus the caller's bundle", () => {
    const vendored = vendoredSefazCas();
    expect(vendored).toHaveLength(7);
    const store = sefazTrustStore([`${serverCa.certPem}\n${serverCert.certPem}`]);
    expect(store.slice(-2)).toEqual([serverCa.certPem.trim(), serverCert.certPem.trim()]);
    expect(store).toEqual(expect.arrayContaining([...vendored]));
  });
});
