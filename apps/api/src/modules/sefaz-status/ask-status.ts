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
  /** `SEFAZ_SVC_URL` (or the local SEFAZ's SVC). */
  readonly svcOverride?: string | undefined;
  readonly timeoutMs: number;
}

/**
 * One `NFeStatusServico4` call to the UF's authoriser (or, `svc`, to its SVC: whether SEFAZ
 * switched it on for the UF), over mutual TLS with the branch's certificate. No answer (network, timeout, HTTP status, unreadable body) is a `failed` outcome
 * with the transport's reason; it never carries the certificate or its password.
 */
export async function askStatus(
  link: SefazLink,
  request: {
    uf: Uf;
    ambiente: Ambiente;
    credentials: () => Promise<TlsCredentials>;
    svc?: boolean;
  },
): Promise<AskOutcome> {
  try {
    const endpoint = resolveEndpoint({
      uf: request.uf,
      ambiente: request.ambiente,
      service: 'NFeStatusServico4',
      contingencia: request.svc ?? false,
      override: link.override,
      svcOverride: link.svcOverride,
    });
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
    // EndpointError: no address for the SVC (SEFAZ_URL without SEFAZ_SVC_URL).
    if (name !== 'TransportError' && name !== 'SefazAnswerError' && name !== 'EndpointError')
      throw error;
    const { code, message } = error as { code?: string; message: string };
    return { kind: 'failed', reason: `${code ?? name}: ${message}` };
  }
}
