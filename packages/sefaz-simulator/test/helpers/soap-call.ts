import { Agent, request } from 'node:https';

import type { Company } from './companies.js';

export interface SoapResult {
  readonly status: number;
  readonly body: string;
  /** The NF-e message inside `nfeResultMsg` (retEnviNFe, …), or '' when there is none. */
  readonly message: string;
}

const agents = new WeakMap<Company, Map<string, Agent>>();

/** One keep-alive agent per certificate and CA, as the real client keeps one TLS context per certificate. */
function agentFor(company: Company | undefined, caPem: string): Agent {
  if (!company) return new Agent({ ca: caPem });
  let byCa = agents.get(company);
  if (!byCa) agents.set(company, (byCa = new Map()));
  let agent = byCa.get(caPem);
  if (!agent) {
    agent = new Agent({
      pfx: Buffer.from(company.pfx),
      passphrase: company.password,
      ca: caPem,
      keepAlive: true,
    });
    byCa.set(caPem, agent);
  }
  return agent;
}

/**
 * POSTs a raw SOAP envelope to `${url}/${service}`, with or without a client certificate: for the
 * requests the real client refuses to make (no certificate, a message for another service).
 */
export function postSoap(
  url: string,
  service: string,
  envelope: string,
  options: { company?: Company; caPem: string },
): Promise<SoapResult> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/${service}`,
      {
        method: 'POST',
        agent: agentFor(options.company, options.caPem),
        headers: {
          'content-type': `application/soap+xml; charset=utf-8; action="http://www.portalfiscal.inf.br/nfe/wsdl/${service}"`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const message = /<nfeResultMsg[^>]*>([\s\S]*)<\/nfeResultMsg>/.exec(body)?.[1] ?? '';
          resolve({ status: res.statusCode ?? 0, body, message });
        });
      },
    );
    req.on('error', reject);
    req.end(envelope);
  });
}

/** Text of the first `<name>` of an answer. */
export const field = (xml: string, name: string): string | undefined =>
  new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
