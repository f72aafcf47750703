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
  /** `SEFAZ_URL`: when set, every service goes to `${override}/${service}` (docs/api-rules.md). */
  readonly override?: string;
}

export interface Endpoint {
  readonly url: string;
  readonly service: SefazService;
  /** The full SOAP action for the content type. */
  readonly soapAction: string;
  /** The authoriser answering, or `override` for `SEFAZ_URL`. */
  readonly autorizador: Autorizador | 'override';
}

/**
 * Where a service of a UF is: the URL from the table (or under `override`) and its SOAP action.
 * The action uses the table's operation name, which differs for one authoriser (PR's
 * `nfeRetAutorizacao`, sefaz.md §1.2).
 *
 * The table lists every URL its source lists: the SVC rows include NFeInutilizacao4 and
 * NFeRecepcaoEvento4 although an SVC accepts neither inutilização nor CC-e (sefaz.md §9); which
 * requests to send in contingency is the caller's decision.
 *
 * @throws {EndpointError} for an unknown UF or a service missing from the table.
 */
export function resolveEndpoint(query: EndpointQuery): Endpoint {
  const { service } = query;
  if (query.override !== undefined && query.override !== '') {
    return {
      url: `${query.override.replace(/\/+$/, '')}/${service}`,
      service,
      soapAction: soapAction(service),
      autorizador: 'override',
    };
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
