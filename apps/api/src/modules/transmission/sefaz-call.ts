import {
  classifyFailure,
  resolveEndpoint,
  type Ambiente,
  type Classification,
  type SefazAnswer,
  type SefazService,
  type TlsCredentials,
  type Uf,
} from '@emissor/sefaz';

import type { ExchangeSettings } from './exchange.js';

/** An answer SEFAZ sent, or why none came (classified: may it have arrived?). */
export type SefazCallOutcome =
  { answer: SefazAnswer; failure?: undefined } | { answer?: undefined; failure: Classification };

/**
 * One request to a service of `uf`'s authoriser (or the override) with the company's certificate.
 * A lost or unreadable answer comes back classified (`unknown` when a state-changing request may
 * have reached SEFAZ, `retryable` otherwise); any other error is thrown.
 */
export async function callSefaz(
  settings: Pick<ExchangeSettings, 'client' | 'override' | 'timeoutMs'>,
  credentials: TlsCredentials,
  request: { uf: Uf; ambiente: Ambiente; service: SefazService; message: string },
): Promise<SefazCallOutcome> {
  const endpoint = resolveEndpoint({
    uf: request.uf,
    ambiente: request.ambiente,
    service: request.service,
    override: settings.override,
  });
  try {
    return {
      answer: await settings.client.call({
        credentials,
        endpoint,
        message: request.message,
        timeoutMs: settings.timeoutMs,
      }),
    };
  } catch (error) {
    const name = (error as Error).name;
    if (name !== 'TransportError' && name !== 'SefazAnswerError') throw error;
    return {
      failure: classifyFailure(request.service, error as Parameters<typeof classifyFailure>[1]),
    };
  }
}

/** An `idLote` (1–15 digits): SEFAZ echoes it back and uses it for nothing, so the time will do. */
export function idLoteFor(attempt: number): string {
  return `${Date.now()}${attempt % 100}`.slice(-15);
}
