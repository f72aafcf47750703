import { prepareNfe, ResponsavelTecnico } from '../../src/index.js';
import { PARAMS } from '../fixtures.js';
import { exportRequest, fullRequest } from '../header-trailer-fixtures.js';

/*
 * Documents with the groups around the items: every ide reference kind, dhSaiEnt and indIntermed,
 * the parties' registrations, retirada, entrega, autXML, infIntermed, infAdic, compra, an export
 * (idEstrangeiro, exporta) and infRespTec with its CSRT, which only a deployment's configuration
 * adds (so these are prepared with it rather than built from the request alone).
 */

const RESP_TEC = ResponsavelTecnico.from({
  cnpj: '11222333000181',
  contato: 'Suporte',
  email: 'suporte@emissor.dev',
  fone: '11987654321',
  csrt_id: '01',
  csrt: 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO',
});

export function headerTrailerCoverageDocuments(): { name: string; xml: string }[] {
  return [
    ['every group around the items', fullRequest()],
    ['an export', exportRequest()],
  ].map(([name, r]) => ({
    name: name as string,
    xml: prepareNfe(r as ReturnType<typeof fullRequest>, { responsavelTecnico: RESP_TEC }).render(
      PARAMS,
    ).xml,
  }));
}
