import type { Ambiente } from '../messages/fields.js';
import type { SefazService } from '../services.js';
import { soapAction, wsdlNamespace } from '../services.js';
import { ENDPOINT_TABLE, UF_AUTHORISERS } from './table.js';

/** An authoriser of the table: a UF's own SEFAZ, SVRS, SVAN, SVCAN, SVCRS or AN. */
export type Autorizador = keyof typeof ENDPOINT_TABLE;
export type Uf = keyof typeof UF_AUTHORISERS;

export const UFS = Object.keys(UF_AUTHORISERS) as readonly Uf[];

export function isUf(value: string): value is Uf {
  return Object.prototype.hasOwnProperty.call(UF_AUTHORISERS, value);
}

/** The IBGE code of a UF (`SP` → `35`). */
export function cUFOf(uf: Uf): string {
  return UF_AUTHORISERS[uf].cUF;
}

/** The UF of an IBGE code (`35` → `SP`), e.g. from the first two digits of a chave. */
export function ufOfCUF(cUF: string): Uf | undefined {
  return UFS.find((uf) => UF_AUTHORISERS[uf].cUF === cUF);
}

/** The authoriser serving a UF normally, or its SVC in contingency (tpEmis 6/7). */
export function autorizadorOf(uf: Uf, contingencia = false): Autorizador {
  const entry = UF_AUTHORISERS[uf];
  return contingencia ? entry.svc : entry.autorizador;
}

export class EndpointError extends Error {
  override name = 'EndpointError';
}

export interface EndpointQuery {
  readonly uf: Uf;
  readonly ambiente: Ambiente;
  readonly service: SefazService;
  /** Use the UF's SVC (SVC-AN or SVC-RS) instead of its normal authoriser. */
  readonly contingencia?: boolean;
  /**
   * `SEFAZ_URL`: when set, every service of the normal authoriser goes to `${override}/${service}`
   * (docs/api-rules.md). It never stands for the SVC: see `svcOverride`.
   */
  readonly override?: string;
  /**
   * `SEFAZ_SVC_URL`: when set, every service of the SVC (`contingencia`) goes to
   * `${svcOverride}/${service}`. Ignored outside contingency.
   */
  readonly svcOverride?: string;
}

export interface Endpoint {
  readonly url: string;
  readonly service: SefazService;
  /** The full SOAP action for the content type. */
  readonly soapAction: string;
  /** The authoriser answering, `override` for `SEFAZ_URL`, `svc_override` for `SEFAZ_SVC_URL`. */
  readonly autorizador: Autorizador | 'override' | 'svc_override';
}

/** Whether an override setting is given (an empty setting is none). */
function given(url: string | undefined): url is string {
  return url !== undefined && url !== '';
}

function overridden(
  url: string,
  service: SefazService,
  autorizador: 'override' | 'svc_override',
): Endpoint {
  return {
    url: `${url.replace(/\/+$/, '')}/${service}`,
    service,
    soapAction: soapAction(service),
    autorizador,
  };
}

/**
 * Where a service of a UF is: the URL from the table (or under an override) and its SOAP action.
 * The action uses the table's operation name, which differs for one authoriser (PR's
 * `nfeRetAutorizacao`, sefaz.md §1.2).
 *
 * The table lists every URL its source lists: the SVC rows include NFeInutilizacao4 and
 * NFeRecepcaoEvento4 although an SVC accepts neither inutilização nor CC-e (sefaz.md §9); which
 * requests to send in contingency is the caller's decision.
 *
 * Overrides: outside contingency `override` (`SEFAZ_URL`) replaces the table; in contingency
 * `svcOverride` (`SEFAZ_SVC_URL`) does. In contingency with `override` but no `svcOverride` this
 * throws rather than pick a URL: `override`'s would send NF-e of tpEmis 6/7 to the normal
 * authoriser's stand-in (which must refuse them, 570), and the table's would send the traffic of
 * a process pointed at a test SEFAZ to the real SVC. Such a process needs `SEFAZ_SVC_URL` too.
 *
 * @throws {EndpointError} for an unknown UF, a service missing from the table, or contingency
 *   with `override` and without `svcOverride`.
 */
export function resolveEndpoint(query: EndpointQuery): Endpoint {
  const { service } = query;
  if (query.contingencia === true) {
    if (given(query.svcOverride)) return overridden(query.svcOverride, service, 'svc_override');
    if (given(query.override))
      throw new EndpointError(
        `${service} in contingency: SEFAZ_URL (override) is set but SEFAZ_SVC_URL (svcOverride) is not; ` +
          "SVC requests are never sent to the normal authoriser's override",
      );
  } else if (given(query.override)) {
    return overridden(query.override, service, 'override');
  }
  if (!isUf(query.uf)) throw new EndpointError(`unknown UF ${String(query.uf)}`);
  const autorizador = autorizadorOf(query.uf, query.contingencia);
  const services = ENDPOINT_TABLE[autorizador][query.ambiente] as Partial<
    Record<SefazService, { readonly url: string; readonly method: string }>
  >;
  const entry = services[service];
  if (!entry)
    throw new EndpointError(`${autorizador} (${query.ambiente}) does not offer ${service}`);
  return {
    url: entry.url,
    service,
    soapAction: `${wsdlNamespace(service)}/${entry.method}`,
    autorizador,
  };
}
