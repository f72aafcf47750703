import type { NfeItem, NfeRequest, NfeTributoLinha } from '../src/index.js';

export const RULE_ID = '00000000-0000-4000-8000-000000000000';

/** A tax line with neutral defaults; override what the case needs. */
export function line(tax_domain: string, fields: Partial<NfeTributoLinha> = {}): NfeTributoLinha {
  return {
    tax_domain,
    base_calc: '0',
    base_calc_percent: '100',
    valor: '0',
    rule_id: RULE_ID,
    ...fields,
  };
}

export function item(overrides: Partial<NfeItem> = {}): NfeItem {
  return {
    codigo: '11007',
    descricao: 'UM PRODUTO TESTE QUALQUER',
    ncm: '64011000',
    cfop: '5102',
    unidade_comercial: 'UN',
    unidade_tributavel: 'UN',
    quantidade: '10',
    valor_unitario: '50',
    fiscal_result: {
      cfop: '5102',
      consumidor_final: true,
      indicador_ie: '9',
      csosn: '102',
      tributos: [],
    },
    ...overrides,
  };
}

/** A minimal valid request: Simples Nacional emitter in SP, unidentified consumer, one item of 500.00. */
export function request(overrides: Partial<NfeRequest> = {}): NfeRequest {
  return {
    tenant_ref: 't',
    branch_ref: 'b',
    serie: 1,
    emitente: {
      cnpj: '58716523000119',
      razao_social: 'EMPRESA TESTE LTDA',
      ie: '112006603110',
      crt: '1',
      address_street: 'Rua dos Testes',
      address_number: '100',
      address_district: 'Centro',
      address_city: 'SAO PAULO',
      address_state: 'SP',
      address_zip: '01001000',
      address_city_ibge_code: '3550308',
    },
    itens: [item()],
    pagamento: { tpag: '01', valor: '500' },
    ambiente: 'homologacao',
    uf_destino_tipo: 'interna',
    ver_proc: 'emissor-test',
    ...overrides,
  };
}

/** The render parameters most tests use. */
export const PARAMS = {
  numero: 26,
  codigoNumerico: '00001030',
  issuedAt: new Date('2026-11-21T22:30:00Z'),
};
