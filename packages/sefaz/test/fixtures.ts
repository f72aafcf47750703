/*
 * Signed homologação NF-e built by @emissor/nfe-xml and signed with a generated ICP-Brasil-shaped
 * certificate, the documents a real lot carries.
 */
import { buildNfe, type NfeItem, type NfeRequest } from '@emissor/nfe-xml';
import { readPkcs12, signNfe } from '@emissor/signer';
import { generateTestPfx, regimeNormalItem } from '@emissor/test-support';

export const EMITTER_CNPJ = '58716523000119';

export const emitterPfx = generateTestPfx({ cnpj: EMITTER_CNPJ, keySize: 1024 });
export const emitterCredentials = readPkcs12(emitterPfx.pfx, emitterPfx.password);

const item = (n: number): NfeItem => regimeNormalItem(n, { descricao: `CAMISETA ALGODAO ${n}` });

function request(): NfeRequest {
  return {
    serie: 1,
    ambiente: 'homologacao',
    uf_destino_tipo: 'interna',
    ver_proc: 'emissor-tests 1.0',
    nat_op: 'Venda de mercadoria',
    emitente: {
      cnpj: EMITTER_CNPJ,
      razao_social: 'CONFECCOES ARAUJO LTDA',
      ie: '112006603110',
      crt: '3',
      address_street: 'Rua Sao Joao',
      address_number: '1',
      address_district: 'Centro',
      address_city: 'São Paulo',
      address_state: 'SP',
      address_zip: '01001000',
      address_city_ibge_code: '3550308',
    },
    destinatario: {
      nome: 'Maria da Conceicao Ribeiro',
      cpf: '12345678909',
      indicador_ie: '9',
      address_street: 'Avenida Paulista',
      address_number: '1000',
      address_district: 'Bela Vista',
      address_city: 'São Paulo',
      address_city_ibge_code: '3550308',
      address_state: 'SP',
      address_zip: '01310100',
    },
    itens: [item(1)],
    pagamento: { tpag: '01', valor: '21.00' },
  };
}

/** A signed NF-e number `numero`, and its chave. */
export function signedNfe(numero = 1): { xml: string; chave: string } {
  const built = buildNfe({
    ...request(),
    numero,
    codigoNumerico: String(40718293 + numero).slice(-8),
    issuedAt: new Date('2026-11-21T22:30:00Z'),
  });
  return { xml: signNfe(built.xml, emitterCredentials), chave: built.chave };
}
