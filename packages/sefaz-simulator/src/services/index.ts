import type { SefazRequest, SefazService } from '@emissor/sefaz';
import { SEFAZ_SERVICE_NAMES, SEFAZ_SERVICES } from '@emissor/sefaz';

import type { RequestContext, ServiceAnswer } from '../context.js';
import { autorizacao } from './autorizacao.js';
import { consulta } from './consulta.js';
import { recepcaoEvento } from './evento.js';
import { inutilizacao } from './inutilizacao.js';
import { retAutorizacao } from './ret-autorizacao.js';
import { statusServico } from './status.js';

/**
 * Runs the service a request message is for, the message read by `@emissor/sefaz`'s
 * `readSefazRequest` (its kind is the service's `requestRoot`, checked by the caller). `message`
 * is the message's exact text, for the schema check and signatures.
 */
export function answerRequest(
  request: SefazRequest,
  message: string,
  context: RequestContext,
): ServiceAnswer | Promise<ServiceAnswer> {
  switch (request.kind) {
    case 'enviNFe':
      return autorizacao(request, message, context);
    case 'consReciNFe':
      return retAutorizacao(request, message, context);
    case 'consSitNFe':
      return consulta(request, message, context);
    case 'consStatServ':
      return statusServico(request, message, context);
    case 'envEvento':
      return recepcaoEvento(request, message, context);
    case 'inutNFe':
      return inutilizacao(request, message, context);
  }
}

/** The service a URL path names (`${SEFAZ_URL}/${service}`): its last segment, case-insensitive, `.asmx` or not. */
export function serviceOf(pathname: string): SefazService | undefined {
  const last = (pathname.split('/').filter(Boolean).pop() ?? '')
    .replace(/\.asmx$/i, '')
    .toLowerCase();
  return SEFAZ_SERVICE_NAMES.find((name) => name.toLowerCase() === last);
}

export const requestRootOf = (service: SefazService): string => SEFAZ_SERVICES[service].requestRoot;
