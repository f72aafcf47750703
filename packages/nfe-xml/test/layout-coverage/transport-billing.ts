import type { NfeRequest, NfeTransporte } from '../../src/index.js';
import { request } from '../fixtures.js';
import { CARRIER_CNPJ, COMPANY, ISSUE_DATE } from '../transport-billing-fixtures.js';

/*
 * Documents with transp (carrier, ICMS withheld on the freight, vehicle, trailers, volumes with
 * seals; and the wagon and the barge, each of which excludes a road vehicle), cobr (the invoice
 * and its instalments) and pag (a card payment with every field, xPag, dPag, the establishment
 * that processed it). Each request's vNF is the base item's 500.00.
 */

/** Every road-transport field of transp. */
const ROAD: NfeTransporte = {
  modalidade_frete: '0',
  transportadora: {
    cnpj: CARRIER_CNPJ,
    nome: 'TRANSPORTES LTDA',
    ie: '112006603110',
    endereco: 'Rodovia Anhanguera, km 20',
    municipio: 'SAO PAULO',
    uf: 'SP',
  },
  retencao_icms: {
    valor_servico: '150',
    base_calc: '150',
    aliquota: '12',
    valor: '18',
    cfop: '5352',
    municipio_ibge_code: '3550308',
  },
  veiculo: { placa: 'ABC1D23', uf: 'SP', rntc: '12345678' },
  reboques: [{ placa: 'BCD2345', uf: 'PR', rntc: 'RNTC-1' }],
  volumes: [
    {
      quantidade: '12',
      especie: 'CAIXA',
      marca: 'ACME',
      numeracao: '1-12',
      peso_liquido_kg: '100.5',
      peso_bruto_kg: '110.125',
      lacres: ['L-001', 'L-002'],
    },
  ],
};

/** A sale carried by road, invoiced in three instalments, paid by card and by a voucher. */
function roadInvoicedByCard(): NfeRequest {
  return request({
    destinatario: COMPANY,
    transporte: ROAD,
    cobranca: {
      fatura: {
        numero: 'FAT-2026/0042',
        valor_original: '510',
        valor_desconto: '10',
        valor_liquido: '500.00',
      },
      duplicatas: [
        { numero: '001', vencimento: ISSUE_DATE, valor: '166.66' },
        { numero: '002', vencimento: '2026-12-21', valor: '166.67' },
        { numero: '003', vencimento: '2027-01-21', valor: '166.67' },
      ],
    },
    pagamento: {
      tpag: '03',
      valor: '400',
      indpag: '1',
      data_pagamento: ISSUE_DATE,
      descricao: 'Cartão crédito',
      cnpj_transacional: '06929383000163',
      uf_transacional: 'SP',
      cartao: {
        tipo_integracao: '1',
        cnpj_credenciadora: '01027058000191',
        bandeira: '02',
        autorizacao: 'AUT-123456',
        cnpj_recebedor: '33333333000191',
        id_terminal: 'POS-0042',
      },
    },
    outros_pagamentos: [{ tpag: '99', valor: '100', descricao: 'Vale-presente da loja' }],
  });
}

/** Every request that fills transp, cobr and pag, named. */
export function transportBillingCoverageRequests(): [string, NfeRequest][] {
  return [
    ['road transport, invoice, card', roadInvoicedByCard()],
    [
      'a carrier who is a person, by wagon',
      request({
        transporte: {
          modalidade_frete: '2',
          transportadora: { cpf: '12345678909', nome: 'JOSE' },
          vagao: 'VAGAO-77',
        },
      }),
    ],
    ['by barge', request({ transporte: { modalidade_frete: '2', balsa: 'BALSA 3' } })],
  ];
}
