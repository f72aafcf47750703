import {
  autorizadorOf,
  classifyFailure,
  resolveEndpoint,
  svcOfTpEmis,
  ufOfCUF,
  type Ambiente,
  type Classification,
  type SefazAnswer,
  type SefazCall,
  type SefazService,
  type SoapMessage,
  type TlsCredentials,
  type Uf,
} from '@emissor/sefaz';

import type { TransmissionObserver } from './transmission-observer.js';

/** One call to SEFAZ as the exchanges saw it; `cStat` undefined: no answer. */
export interface ExchangeReport {
  readonly uf: Uf;
  readonly ambiente: Ambiente;
  /** The call went to the UF's SVC, not to its authoriser. */
  readonly svc: boolean;
  readonly cStat: string | undefined;
  readonly credentials: TlsCredentials;
}

/** Hears of every call (contingency/contingency-watch.ts): synchronous and cheap. */
export interface ExchangeListener {
  exchanged(report: ExchangeReport): void;
}

/** Statuses that say the authoriser is not serving (sefaz.md §7): stopped (108/109) or throttling (656). */
const UNHEALTHY_CSTATS = new Set(['108', '109', '656']);

/**
 * The port to SEFAZ: one call, one parsed answer, or a thrown TransportError / SefazAnswerError.
 * @emissor/sefaz's SefazClient in production; a fake authoriser in unit tests.
 */
export interface SefazPort {
  call(call: SefazCall): Promise<SefazAnswer>;
}

export interface ExchangeSettings {
  client: SefazPort;
  /** `SEFAZ_URL` or the in-process simulator's URL; undefined: the authorisers' endpoints. */
  override: string | undefined;
  /** `SEFAZ_SVC_URL` or the in-process simulator's SVC; undefined: the SVCs' endpoints. */
  svcOverride?: string | undefined;
  /** Told of every call, to switch a UF to its SVC when its authoriser stops (absent: off). */
  contingency?: ExchangeListener | undefined;
  timeoutMs: number;
  retryBaseMs: number;
  observer: TransmissionObserver;
}

/** A call either brings an answer or a classified failure (network, HTTP, unreadable answer). */
export type CallResult =
  { answer: SefazAnswer; failure?: undefined } | { answer?: undefined; failure: Classification };

export type SefazCaller = (service: SefazService, message: SoapMessage) => Promise<CallResult>;

/**
 * Calls about a chave's NF-e, with one certificate, to whoever holds it: the SVC for an NF-e issued
 * in SVC contingency (tpEmis 6/7, the chave's 35th digit), the UF's authoriser otherwise. An SVC
 * registers no event but the cancellation of its own NF-e (sefaz.md §9): `authoriserOnly` sends
 * the others (carta de correção) to the authoriser. Transport and answer errors become
 * classifications (an unknown outcome for a send that may have arrived); anything else is a bug
 * and is thrown. Every call is reported to the observer.
 */
export function sefazCaller(
  settings: ExchangeSettings,
  chave: string,
  ambiente: Ambiente,
  credentials: TlsCredentials,
  { authoriserOnly = false }: { authoriserOnly?: boolean } = {},
): SefazCaller {
  const svc = !authoriserOnly && isSvcChave(chave);
  return sefazCallerOfUf(settings, chave.slice(0, 2), ambiente, credentials, svc);
}

/** tpEmis 6 (SVC-AN) or 7 (SVC-RS). */
const isSvcChave = (chave: string) => svcOfTpEmis(chave.charAt(34)) !== undefined;

/**
 * The same for requests that name a UF (IBGE code `cUF`) rather than a chave: inutilizações, which
 * an SVC does not take, so `svc` is false for them.
 */
export function sefazCallerOfUf(
  settings: ExchangeSettings,
  cUF: string,
  ambiente: Ambiente,
  credentials: TlsCredentials,
  svc = false,
): SefazCaller {
  const uf = ufOfCUF(cUF);
  if (!uf) throw new Error(`cUF ${cUF} names no UF`);
  const autorizador = autorizadorOf(uf, svc);
  return async (service, message) => {
    const endpoint = resolveEndpoint({
      uf,
      ambiente,
      service,
      contingencia: svc,
      override: settings.override,
      svcOverride: settings.svcOverride,
    });
    const report = (cStat: string | undefined) => {
      settings.observer.called({
        service,
        autorizador,
        ambiente,
        cStat,
        healthy: cStat !== undefined && !UNHEALTHY_CSTATS.has(cStat),
      });
      settings.contingency?.exchanged({ uf, ambiente, svc, cStat, credentials });
    };
    try {
      const answer = await settings.client.call({
        credentials,
        endpoint,
        message,
        timeoutMs: settings.timeoutMs,
      });
      // A synchronous NF-e answer's protNFe says what SEFAZ decided; its lot status (104) does not.
      report(answer.kind === 'retEnviNFe' && answer.protNFe ? answer.protNFe.cStat : answer.cStat);
      return { answer };
    } catch (error) {
      const name = (error as Error).name;
      if (name !== 'TransportError' && name !== 'SefazAnswerError') throw error;
      report(undefined);
      return { failure: classifyFailure(service, error as Parameters<typeof classifyFailure>[1]) };
    }
  };
}
