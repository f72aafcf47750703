import { parseSefazAnswer } from '../answers/parse.js';
import type { SefazAnswer } from '../answers/types.js';
import type { Endpoint } from '../endpoints/resolve.js';
import {
  soapRequestContentType,
  soapRequestEnvelopeParts,
  type SoapMessage,
} from '../soap/envelope.js';
import type { TlsCredentials } from './agent-pool.js';
import { AgentPool } from './agent-pool.js';
import type { SoapResponse } from './post.js';
import { postSoap } from './post.js';
import { sefazTrustStore } from './trust.js';

export interface SefazClientOptions {
  /**
   * Extra CA certificates (PEM, bundles allowed) trusted for servers on top of Node's store and
   * the vendored set: the contents of `SEFAZ_CA_FILE`, the simulator's CA.
   */
  readonly extraCaPem?: readonly string[];
  /** Default for each call; 30 s unless told otherwise. */
  readonly timeoutMs?: number;
  /** Larger answers are refused; default 10 MB. */
  readonly maxAnswerBytes?: number;
  /** Pooled connections per certificate and host; default 4. */
  readonly maxSocketsPerHost?: number;
}

export interface SefazCall {
  /** The company's A1 certificate for mutual TLS. */
  readonly credentials: TlsCredentials;
  /** From `resolveEndpoint` (its URL and SOAP action). */
  readonly endpoint: Endpoint;
  /**
   * The message (`enviNFe`, `consSitNFe`, …), sent inside the SOAP 1.2 envelope: a text, or its
   * pieces (`buildEnviNFeParts`), written one after another.
   */
  readonly message: SoapMessage;
  readonly timeoutMs?: number;
}

/**
 * Talks to SEFAZ authorisers (or the simulator): SOAP 1.2 over HTTPS with mutual TLS, one
 * keep-alive agent per certificate, server verification always on against Node's store + the
 * vendored trust set + `extraCaPem`. The only I/O of the package. Close it when done.
 *
 * @example
 * ```ts
 * const client = new SefazClient({ extraCaPem: [readFileSync(process.env.SEFAZ_CA_FILE)] });
 * const endpoint = resolveEndpoint({ uf: 'SP', ambiente: 'homologacao', service: 'NFeStatusServico4' });
 * const answer = await client.call({ credentials, endpoint, message: buildConsStatServ({ ambiente: 'homologacao', cUF: '35' }) });
 * ```
 */
export class SefazClient {
  private readonly pool: AgentPool;
  private readonly timeoutMs: number;
  private readonly maxAnswerBytes: number;

  constructor(options: SefazClientOptions = {}) {
    this.pool = new AgentPool({
      ca: sefazTrustStore(options.extraCaPem),
      maxSocketsPerHost: options.maxSocketsPerHost,
    });
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxAnswerBytes = options.maxAnswerBytes ?? 10 * 1024 * 1024;
  }

  /**
   * Sends the message and reads the answer of the endpoint's service.
   *
   * @throws {TransportError} no answer, or an HTTP status other than 2xx.
   * @throws {SefazAnswerError} an answer that is not the service's message.
   *   Pass either to `classifyFailure` to know whether the outcome is unknown.
   */
  async call(call: SefazCall): Promise<SefazAnswer> {
    const response = await this.post(call);
    return parseSefazAnswer(response.body, call.endpoint.service);
  }

  /** The raw exchange, for callers that store the answer bytes as they came. */
  post(call: SefazCall): Promise<SoapResponse> {
    return postSoap({
      url: call.endpoint.url,
      body: soapRequestEnvelopeParts(call.endpoint.service, call.message),
      contentType: soapRequestContentType(call.endpoint.service, call.endpoint.soapAction),
      agent: this.pool.agentFor(call.credentials),
      timeoutMs: call.timeoutMs ?? this.timeoutMs,
      maxAnswerBytes: this.maxAnswerBytes,
    });
  }

  /** How many certificates currently have their own agent. */
  get agentCount(): number {
    return this.pool.size;
  }

  /** Closes every kept-alive connection. */
  close(): void {
    this.pool.destroy();
  }
}
