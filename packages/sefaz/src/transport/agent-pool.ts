import type { KeyObject } from 'node:crypto';
import { createHash } from 'node:crypto';
import { Agent } from 'node:https';
import { createSecureContext } from 'node:tls';

/** The client certificate of a company: `readPkcs12`'s result of `@emissor/signer` fits. */
export interface TlsCredentials {
  readonly certificatePem: string;
  readonly privateKey: KeyObject | string;
  /** Its issuers, sent along: some authorisers need the whole chain (sefaz.md §3). */
  readonly chainPem?: readonly string[];
}

export interface AgentPoolOptions {
  /** The CAs trusted for servers (`sefazTrustStore`). */
  readonly ca: readonly string[];
  /** Connections kept per certificate and host; default 4. */
  readonly maxSocketsPerHost?: number;
  /** How long an idle connection stays open; default 30 s. */
  readonly idleTimeoutMs?: number;
}

function keyPem(key: KeyObject | string): string {
  return typeof key === 'string' ? key : key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/**
 * One `https.Agent` per client certificate: each keeps its own TLS context and its own pooled
 * connections, so a connection made with one company's certificate is never reused for another's
 * (the "certificate bleed" of peers that set one process-wide TLS context). Server verification
 * is always on; there is no option to turn it off.
 */
export class AgentPool {
  private readonly agents = new Map<string, Agent>();

  constructor(private readonly options: AgentPoolOptions) {}

  /** The agent of this certificate, created on first use. */
  agentFor(credentials: TlsCredentials): Agent {
    const chain = [credentials.certificatePem, ...(credentials.chainPem ?? [])];
    const id = createHash('sha256').update(chain.join('\n')).digest('hex');
    let agent = this.agents.get(id);
    if (!agent) {
      // Built once per certificate and handed to every connection: without it each new socket
      // would build its own context, parsing the ~150 trusted CAs again (~100 ms of CPU).
      const secureContext = createSecureContext({
        cert: chain.join('\n'),
        key: keyPem(credentials.privateKey),
        ca: [...this.options.ca],
        minVersion: 'TLSv1.2',
      });
      agent = new Agent({
        keepAlive: true,
        maxSockets: this.options.maxSocketsPerHost ?? 4,
        maxFreeSockets: this.options.maxSocketsPerHost ?? 4,
        timeout: this.options.idleTimeoutMs ?? 30_000,
        scheduling: 'lifo',
        secureContext,
        rejectUnauthorized: true,
      });
      this.agents.set(id, agent);
    }
    return agent;
  }

  /** How many certificates have an agent. */
  get size(): number {
    return this.agents.size;
  }

  /** Closes every pooled connection; agents are recreated on next use. */
  destroy(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}
