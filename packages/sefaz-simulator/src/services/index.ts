import type { SefazService } from '@emissor/sefaz';
import { SEFAZ_SERVICE_NAMES, SEFAZ_SERVICES } from '@emissor/sefaz';

import type { RequestContext, ServiceAnswer } from '../context.js';
import type { XmlElement } from '../xml/dom.js';
import { autorizacao } from './autorizacao.js';
import { consulta } from './consulta.js';
import { recepcaoEvento } from './evento.js';
import { inutilizacao } from './inutilizacao.js';
import { retAutorizacao } from './ret-autorizacao.js';
import { statusServico } from './status.js';

export type ServiceHandler = (
  message: string,
  root: XmlElement,
  context: RequestContext,
) => ServiceAnswer | Promise<ServiceAnswer>;

/** The six web services, by WSDL name; the message each takes is `SEFAZ_SERVICES[s].requestRoot`. */
export const HANDLERS: Readonly<Record<SefazService, ServiceHandler>> = {
  NFeAutorizacao4: autorizacao,
  NFeRetAutorizacao4: retAutorizacao,
  NFeConsultaProtocolo4: consulta,
  NFeStatusServico4: statusServico,
  NFeRecepcaoEvento4: recepcaoEvento,
  NFeInutilizacao4: inutilizacao,
};

/** The service a URL path names (`${SEFAZ_URL}/${service}`): its last segment, case-insensitive, `.asmx` or not. */
export function serviceOf(pathname: string): SefazService | undefined {
  const last = (pathname.split('/').filter(Boolean).pop() ?? '')
    .replace(/\.asmx$/i, '')
    .toLowerCase();
  return SEFAZ_SERVICE_NAMES.find((name) => name.toLowerCase() === last);
}

export const requestRootOf = (service: SefazService): string => SEFAZ_SERVICES[service].requestRoot;
