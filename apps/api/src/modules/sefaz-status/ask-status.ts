import {
  buildConsStatServ,
  cUFOf,
  resolveEndpoint,
  type Ambiente,
  type SefazClient,
  type TlsCredentials,
  type Uf,
} from '@emissor/sefaz';

import type { AskOutcome } from './ask-outcome.js';

/** Where this process reaches SEFAZ: its client and `SEFAZ_URL` (or the local SEFAZ's URL). */
export interface SefazLink {
  readonly client: SefazClient;
  readonly override: string | undefined;
  readonly timeoutMs: number;
}

/**
 * One `NFeStatusServico4` call to the UF's authoriser, over mutual TLS with the branch's
 * certificate. No answer (network, timeout, HTTP status, unreadable body) is a `failed` outcome
 * with the transport's reason; it never carries the certificate or its password.
 */
export async function askStatus(
  link: SefazLink,
  request: { uf: Uf; ambiente: Ambiente; credentials: () => Promise<TlsCredentials> },
): Promise<AskOutcome> {
  const endpoint = resolveEndpoint({
    uf: request.uf,
    ambiente: request.ambiente,
    service: 'NFeStatusServico4',
    override: link.override,
  });
  try {
    const answer = await link.client.call({
      credentials: await request.credentials(),
      endpoint,
      message: buildConsStatServ({ ambiente: request.ambiente, cUF: cUFOf(request.uf) }),
      timeoutMs: link.timeoutMs,
    });
    if (answer.kind !== 'retConsStatServ')
      return { kind: 'failed', reason: `unexpected answer ${answer.kind}` };
    return {
      kind: 'answer',
      codigo: answer.cStat,
      motivo: answer.xMotivo,
      tempoMedioS: answer.tMed ?? null,
    };
  } catch (error) {
    const name = (error as Error).name;
    if (name !== 'TransportError' && name !== 'SefazAnswerError') throw error;
    const { code, message } = error as { code: string; message: string };
    return { kind: 'failed', reason: `${code}: ${message}` };
  }
}
