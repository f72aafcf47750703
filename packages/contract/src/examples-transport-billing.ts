// The bakery of examples.ts selling on credit to a company in its state, delivered by a carrier:
// the transporte, cobranca and payment groups an emission may add. The due dates are examples:
// they must not be before the day of issue (SEFAZ 900).

import { EMISSION_EXAMPLE } from './examples.js';

/** `POST /v1/emissoes` with transport, billing and two payments. */
export const TRANSPORT_BILLING_EMISSION_EXAMPLE = {
  ...EMISSION_EXAMPLE,
  destinatario: {
    nome: 'Mercado Bom Preço Ltda',
    cnpj: '06929383000163',
    indicador_ie: '1',
    ie: '112006603110',
    address_street: 'Avenida Paulista',
    address_number: '1000',
    address_district: 'Bela Vista',
    address_city: 'São Paulo',
    address_city_ibge_code: '3550308',
    address_state: 'SP',
    address_zip: '01310100',
  },
  pagamento: { tpag: '15', valor: '11.00', indpag: '1' },
  outros_pagamentos: [
    {
      tpag: '03',
      valor: '10.00',
      cartao: {
        tipo_integracao: '1',
        cnpj_credenciadora: '01027058000191',
        bandeira: '01',
        autorizacao: 'A1B2C3',
      },
    },
  ],
  transporte: {
    modalidade_frete: '0',
    transportadora: {
      cnpj: '33333333000191',
      nome: 'Transportadora Rápida Ltda',
      ie: '112006603110',
      endereco: 'Rodovia Anhanguera, km 20',
      municipio: 'São Paulo',
      uf: 'SP',
    },
    veiculo: { placa: 'ABC1D23', uf: 'SP' },
    volumes: [
      { quantidade: 1, especie: 'CAIXA', peso_liquido_kg: '1.000', peso_bruto_kg: '1.250' },
    ],
  },
  cobranca: {
    fatura: {
      numero: '2031-0001',
      valor_original: '11.00',
      valor_desconto: '0.00',
      valor_liquido: '11.00',
    },
    duplicatas: [
      { numero: '001', vencimento: '2031-01-15', valor: '5.50' },
      { numero: '002', vencimento: '2031-02-15', valor: '5.50' },
    ],
  },
};
