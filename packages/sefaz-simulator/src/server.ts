import { createServer } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { setTimeout as sleep } from 'node:timers/promises';

import type { SefazService, SoapRequest, SoapVersion } from '@emissor/sefaz';
import {
  NFE_NAMESPACE,
  readSefazRequest,
  readSoapRequest,
  soapFaultEnvelope,
  SoapRequestError,
  soapResponseContentType,
  soapResponseEnvelope,
} from '@emissor/sefaz';
import pg from 'pg';

import { handleAdmin } from './admin.js';
import type { RequestContext, ServiceAnswer, SimulatorState, Venue } from './context.js';
import { saveDocumentKnob } from './db/document-knobs.js';
import { assertSchemaName, migrate } from './db/migrate.js';
import type { DocumentKnob, Knobs } from './knobs.js';
import type { KnownCsrt } from './rules/csrt.js';
import { DEFAULT_KNOBS, mergeKnobs } from './knobs.js';
import { outageCovering } from './outage-scope.js';
import { requestCUF } from './request-uf.js';
import { answerRequest, requestRootOf, serviceOf } from './services/index.js';
import { recordSvcActivations } from './svc/activation.js';
import { loadOrCreateServerCredentials } from './tls/certificate-authority.js';
import { clientIdentity } from './tls/client-cnpj.js';

export interface SimulatorOptions {
  /** PostgreSQL URL; the simulator keeps its state in `schema` of that database. */
  readonly databaseUrl: string;
  /** Where the CA and server certificate are kept (created on first start). */
  readonly dataDir: string;
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Names the server certificate is valid for; default localhost, 127.0.0.1, ::1. */
  readonly hostnames?: readonly string[];
  /** Default `sefaz_simulator`. */
  readonly schema?: string;
  /** Run knobs (partial), as `SEFAZ_SIMULATOR_KNOBS` gives them. */
  readonly knobs?: Partial<Knobs>;
  /** Forced outcomes per chave, stored at start. */
  readonly documents?: ReadonlyMap<string, DocumentKnob>;
  /**
   * The CSRT this authoriser knows, as a state registers a software house's: infRespTec's idCSRT
   * and hashCSRT are then checked against it (976, 978). `csrtFromSecret(id, csrt)` or, for a
   * responsável técnico that keeps its CSRT private, `csrtOfResponsavelTecnico(rt)`.
   */
  readonly csrt?: KnownCsrt | undefined;
}

export interface RunningSimulator {
  /** `https://host:port`: each service answers at `${url}/${service}` (`SEFAZ_URL`, docs/api-rules.md). */
  readonly url: string;
  /**
   * `${url}/svc`: the SVC (contingency authoriser) of every UF, each service at
   * `${svcUrl}/${service}` (`SEFAZ_SVC_URL`). It plays SVC-AN or SVC-RS as the request's UF says
   * (`autorizadorOf(uf, true)`), switched on by an outage of the UF's authoriser, and serves
   * status, authorisation, receipts, consulta and cancellation of its own notes (README, "SVC").
   */
  readonly svcUrl: string;
  readonly port: number;
  /** The CA certificate file clients must trust. */
  readonly caPath: string;
  readonly caPem: string;
  close(): Promise<void>;
}

/** The path the SVC's services answer under (`${svcUrl}/${service}`). */
const SVC_PREFIX = '/svc';

/** Largest request body read; the 500 KB message limit (214) is judged inside. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * Starts the local SEFAZ: an HTTPS server that asks every client for its certificate and answers
 * the six NF-e web services in SOAP, keeping its registry in PostgreSQL.
 */
export async function startSefazSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  const host = options.host ?? '127.0.0.1';
  const schema = assertSchemaName(options.schema ?? 'sefaz_simulator');
  const credentials = loadOrCreateServerCredentials(
    options.dataDir,
    options.hostnames ?? ['localhost', '127.0.0.1', '::1'],
  );
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 10,
    // A stand-in authoriser need not wait for the disk on every commit: a PostgreSQL or OS crash
    // may forget the last fraction of a second of protocols, never corrupt them. This keeps a
    // series from being bound by fsync latency (see README, "State").
    options: '-c synchronous_commit=off',
  });
  // A client losing its server (PostgreSQL stopping first at shutdown, or restarting) must not
  // crash the simulator with an unhandled 'error' event: the next query reports it instead.
  // pg-pool listens only on idle clients, hence the listener on every client too.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  await migrate(pool, schema);
  for (const [chave, knob] of options.documents ?? [])
    await saveDocumentKnob(pool, schema, chave, knob);
  const state: SimulatorState = {
    pool,
    schema,
    knobs: mergeKnobs(DEFAULT_KNOBS, options.knobs ?? {}),
    requests: {},
    csrt: options.csrt,
    svcActivations: new Set(),
  };
  recordSvcActivations(state, new Date());

  const server = createServer(
    {
      key: credentials.privateKeyPem,
      cert: credentials.certificatePem,
      // Mutual TLS as at SEFAZ, but any issuer is accepted: the CNPJ is what is judged.
      requestCert: true,
      rejectUnauthorized: false,
      keepAliveTimeout: 60_000,
    },
    (request, response) => {
      handle(request, response, state).catch((error: unknown) => {
        process.stderr.write(
          `sefaz-simulator: ${error instanceof Error ? error.stack : String(error)}\n`,
        );
        if (!response.headersSent) {
          response.writeHead(500, { 'content-type': soapResponseContentType() });
          response.end(soapFaultEnvelope('internal error of the simulator'));
        } else response.destroy();
      });
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const url = `https://${urlHost}:${port}`;
  return {
    url,
    svcUrl: `${url}${SVC_PREFIX}`,
    port,
    caPath: credentials.caPath,
    caPem: credentials.caPem,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await pool.end();
    },
  };
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () =>
      resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')),
    );
    request.on('error', reject);
  });
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  state: SimulatorState,
): Promise<void> {
  const receivedAt = new Date();
  const pathname = new URL(request.url ?? '/', 'https://simulator').pathname;
  const body = await readBody(request);
  if (body === undefined) {
    response.writeHead(413, { 'content-type': 'text/plain' }).end('request body too large');
    return;
  }
  if (pathname.startsWith('/admin/')) return handleAdmin(request, response, pathname, body, state);

  const service = serviceOf(pathname);
  if (!service) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end(`unknown service: ${pathname}`);
    return;
  }
  if (request.method !== 'POST') {
    response
      .writeHead(405, { allow: 'POST', 'content-type': 'text/plain' })
      .end('POST a SOAP envelope');
    return;
  }
  const identity = clientIdentity(request.socket as TLSSocket);
  if (!identity.ok) {
    // What IIS-hosted authorisers do without a usable client certificate (403.7).
    const reason =
      identity.reason === 'no_certificate'
        ? 'a client certificate is required'
        : 'the client certificate carries no CNPJ';
    response.writeHead(403, { 'content-type': 'text/plain' }).end(reason);
    return;
  }

  const venue: Venue = pathname.toLowerCase().startsWith(`${SVC_PREFIX}/`) ? 'svc' : 'authoriser';
  const counted = venue === 'svc' ? `svc/${service}` : service;
  state.requests[counted] = (state.requests[counted] ?? 0) + 1;

  const reply = await answerSoap(service, {
    state,
    body,
    clientCnpj: identity.cnpj,
    receivedAt,
    venue,
  });
  // The simulated latency is waited out after answerSoap returned, so the parsed lot (a tree of up
  // to 50 NF-e) is garbage during the wait: kept across it, every lot in flight outlived the young
  // generation and the simulator spent a quarter of its time in full garbage collections.
  if (reply.kind === 'answer' && state.knobs.latencyMs > 0) await sleep(state.knobs.latencyMs);
  if (reply.kind === 'drop') {
    // The request was processed and recorded (a dropped answer), or not processed at all (an
    // outage without answers); either way the client never hears back (an unknown outcome).
    response.socket?.destroy();
    return;
  }
  response.writeHead(reply.status, { 'content-type': reply.contentType }).end(reply.body);
}

/** What a SOAP request gets: a response to write, or nothing (a dropped answer, a silent outage). */
type SoapReply =
  | { kind: 'answer' | 'fault'; status: number; contentType: string; body: string }
  | { kind: 'drop' };

/** Reads the envelope, checks its message's root, runs the service's handler and wraps its answer. */
async function answerSoap(service: SefazService, context: RequestContext): Promise<SoapReply> {
  const started = startService(service, context);
  if (!('pending' in started)) return started;
  const answer = await started.pending;
  if (answer.dropAnswer) return { kind: 'drop' };
  return {
    kind: 'answer',
    status: 200,
    contentType: soapResponseContentType(started.soapVersion),
    body: soapResponseEnvelope(service, answer.message, started.soapVersion),
  };
}

/**
 * The parsing half of `answerSoap`, synchronous so that the parsed message (up to 50 NF-e) is not
 * held by a suspended frame while the handler waits for the database: an async function keeps its
 * locals alive across every await (authorise-nfe.ts, `judgeNotes`).
 */
function startService(
  service: SefazService,
  context: RequestContext,
): SoapReply | { pending: ServiceAnswer | Promise<ServiceAnswer>; soapVersion: SoapVersion } {
  let soap: SoapRequest;
  try {
    soap = readSoapRequest(context.body);
  } catch (error) {
    if (!(error instanceof SoapRequestError)) throw error;
    return everyAuthoriserSilent(context) ? { kind: 'drop' } : faultReply(400, error.message);
  }
  const expectedRoot = requestRootOf(service);
  const root = soap.messageElement;
  if (root.namespace !== NFE_NAMESPACE || root.localName !== expectedRoot) {
    if (everyAuthoriserSilent(context)) return { kind: 'drop' };
    return faultReply(
      400,
      `${service} takes <${expectedRoot}> in ${NFE_NAMESPACE}, not <${soap.messageRoot}>`,
      soap.soapVersion,
    );
  }
  // Read from the tree the envelope's reading built: the message is not parsed a second time.
  const request = readSefazRequest(soap.message, root);
  const outage =
    context.venue === 'authoriser'
      ? outageCovering(context.state.knobs, context.receivedAt, requestCUF(request))
      : undefined;
  // An authoriser that does not answer: the message was read only to learn its UF.
  if (outage?.noAnswer) return { kind: 'drop' };
  return {
    pending: answerRequest(request, soap.message, { ...context, outage: outage?.cStat }),
    soapVersion: soap.soapVersion,
  };
}

/**
 * Whether an outage without answers of every authoriser is in force: it silences even a request
 * whose UF cannot be read (not SOAP, or the wrong message), which no per-UF outage covers.
 */
function everyAuthoriserSilent(context: RequestContext): boolean {
  if (context.venue !== 'authoriser') return false;
  return outageCovering(context.state.knobs, context.receivedAt, undefined)?.noAnswer === true;
}

function faultReply(status: number, reason: string, version: SoapVersion = '1.2'): SoapReply {
  return {
    kind: 'fault',
    status,
    contentType: soapResponseContentType(version),
    body: soapFaultEnvelope(reason, version),
  };
}
