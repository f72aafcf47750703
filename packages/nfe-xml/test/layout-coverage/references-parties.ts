import type { NfeRequest } from '../../src/index.js';
import { request } from '../fixtures.js';
import { CONFIDENTIAL_CHAVE } from '../product-details-fixtures.js';

/*
 * A document with what is left of the parties and references: the emitter's address complement,
 * the recipient's phone and an NF-e referenced by its chave with the cNF zeroed (refNFeSig).
 */
function confidentialReference(): NfeRequest {
  return request({
    emitente: { ...request().emitente, address_complement: 'Galpão 2' },
    destinatario: {
      nome: 'JOSE DA SILVA',
      indicador_ie: '9',
      cpf: '12345678909',
      address_street: 'Rua A',
      address_number: '1',
      address_district: 'Centro',
      address_city: 'SAO PAULO',
      address_city_ibge_code: '3550308',
      address_state: 'SP',
      address_zip: '04207040',
      fone: '11987654321',
    },
    documentos_referenciados: [{ chave_acesso_sigilosa: CONFIDENTIAL_CHAVE }],
  });
}

/** Every request that fills the fields above, named. */
export function referencesPartiesRequests(): [string, NfeRequest][] {
  return [['a confidential reference, the parties’ phone and complement', confidentialReference()]];
}
