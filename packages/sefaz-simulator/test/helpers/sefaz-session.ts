import type { SefazAnswer, SefazService } from '@emissor/sefaz';
import { parseSefazAnswer, resolveEndpoint, SefazClient } from '@emissor/sefaz';

import type { Company } from './companies.js';

export interface Exchange {
  readonly status: number;
  /** The answer message inside `nfeResultMsg`, as sent (for xmllint). */
  readonly message: string;
  /** The same answer as @emissor/sefaz parses it. */
  readonly answer: SefazAnswer;
}

/**
 * The simulator seen through the real client, @emissor/sefaz: its SefazClient (mutual TLS, one
 * agent per certificate, the simulator's CA as the extra trust the API will add), endpoints from
 * `resolveEndpoint` with the simulator as `SEFAZ_URL`, and its answer parser.
 */
export class SimulatorSession {
  private readonly client: SefazClient;

  constructor(private readonly simulator: { url: string; caPem: string }) {
    this.client = new SefazClient({ extraCaPem: [simulator.caPem], timeoutMs: 20_000 });
  }

  async send(company: Company, service: SefazService, message: string): Promise<Exchange> {
    const response = await this.client.post({
      credentials: {
        certificatePem: company.credentials.certificatePem,
        privateKey: company.credentials.privateKey,
      },
      endpoint: resolveEndpoint({
        uf: 'SP',
        ambiente: 'homologacao',
        service,
        override: this.simulator.url,
      }),
      message,
    });
    const message_ = /<nfeResultMsg[^>]*>([\s\S]*)<\/nfeResultMsg>/.exec(response.body)?.[1] ?? '';
    return {
      status: response.status,
      message: message_,
      answer: parseSefazAnswer(response.body, service),
    };
  }

  close(): void {
    this.client.close();
  }
}
