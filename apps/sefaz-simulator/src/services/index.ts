import type { RequestContext, ServiceAnswer } from '../context.js';
import type { Element } from '../xml/dom.js';
import { autorizacao } from './autorizacao.js';
import { consulta } from './consulta.js';
import { recepcaoEvento } from './evento.js';
import { inutilizacao } from './inutilizacao.js';
import { retAutorizacao } from './ret-autorizacao.js';
import { statusServico } from './status.js';

type Handler = (
  message: string,
  root: Element,
  context: RequestContext,
) => ServiceAnswer | Promise<ServiceAnswer>;

/** The six web services, by WSDL name (the last segment of the URL), with the message each takes. */
export const SERVICES: Readonly<
  Record<string, { readonly root: string; readonly handle: Handler }>
> = {
  NFeAutorizacao4: { root: 'enviNFe', handle: autorizacao },
  NFeRetAutorizacao4: { root: 'consReciNFe', handle: retAutorizacao },
  NFeConsultaProtocolo4: { root: 'consSitNFe', handle: consulta },
  NFeStatusServico4: { root: 'consStatServ', handle: statusServico },
  NFeRecepcaoEvento4: { root: 'envEvento', handle: recepcaoEvento },
  NFeInutilizacao4: { root: 'inutNFe', handle: inutilizacao },
};

/** The service a URL path names: its last segment, case-insensitive, `.asmx` or not. */
export function serviceOf(pathname: string): string | undefined {
  const last = (pathname.split('/').filter(Boolean).pop() ?? '')
    .replace(/\.asmx$/i, '')
    .toLowerCase();
  return Object.keys(SERVICES).find((name) => name.toLowerCase() === last);
}
