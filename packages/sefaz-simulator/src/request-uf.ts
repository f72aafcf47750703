import type { SefazRequest } from '@emissor/sefaz';

import { text } from './xml/dom.js';

/**
 * The cUF a request is for, as its message says it before any check: the first NF-e's ide/cUF, the
 * chave's first two digits (consulta, events), the status or inutilização request's cUF, or a
 * receipt's first two (the simulator's receipts open with the lot's cUF). Undefined when absent;
 * it may name no UF (the schema is checked later).
 */
export function requestCUF(request: SefazRequest): string | undefined {
  switch (request.kind) {
    case 'enviNFe': {
      const first = request.nfes[0];
      return first && text(first.element, 'infNFe', 'ide', 'cUF');
    }
    case 'consReciNFe':
      return request.nRec.slice(0, 2);
    case 'consSitNFe':
      return request.chNFe.slice(0, 2);
    case 'envEvento':
      return request.eventos[0]?.chNFe.slice(0, 2);
    case 'consStatServ':
    case 'inutNFe':
      return request.cUF;
  }
}
