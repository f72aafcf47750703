/*
 * Signed homologação NF-e built by @emissor/nfe-xml and signed with a generated ICP-Brasil-shaped
 * certificate, the documents a real lot carries.
 */
import { buildNfe, type NfeItem, type NfeRequest } from '@emissor/nfe-xml';
import { readPkcs12, signNfe } from '@emissor/signer';
import { generateTestPfx } from '@emissor/test-support';

export const EMITTER_CNPJ = '58716523000119';
const RULE_ID = '0b8f0c8e-2d7a-4f62-9a55-8a3c8d0f1e21';

export const emitterPfx = generateTestPfx({ cnpj: EMITTER_CNPJ, keySize: 1024 });
export const emitterCredentials = readPkcs12(emitterPfx.pfx, emitterPfx.password);

function item(n: number): NfeItem {
  return {
    codigo: `P${n}`,
    descricao: `CAMISETA ALGODAO ${n}`,
    ncm: '61091000',
    cfop: '5102',
    unidade_comercial: 'UN',
    unidade_tributavel: 'UN',
    quantidade: '2',
    valor_unitario: '10.50',
    fiscal_result: {
      cfop: '5102',
      consumidor_final: true,
      indicador_ie: '9',
      cst: '00',
      origem: '0',
      tributos: [
        { tax_domain: 'icms', cst: '00', base_calc: '21.00', base_calc_percent: '100', aliquota: '18.00', valor: '3.78', rule_id: RULE_ID },
        { tax_domain: 'pis', cst: '01', base_calc: '21.00', base_calc_percent: '100', aliquota: '1.65', valor: '0.35', rule_id: RULE_ID },
        { tax_domain: 'cofins', cst: '01', base_calc: '21.00', base_calc_percent: '100', aliquota: '7.60', valor: '1.60', rule_id: RULE_ID },
      ],
    },
  }; // prettier-ignore
}

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
