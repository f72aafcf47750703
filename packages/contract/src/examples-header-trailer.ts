// The bakery of examples.ts selling through a marketplace, and exporting: the document-level groups
// an emission may add around its items (ide's flags and references, the places, who may download
// the XML, the intermediary, the additional information, exporta, compra).

import { EMISSION_EXAMPLE } from './examples.js';

/** `POST /v1/emissoes` of a sale on a marketplace, delivered elsewhere, with its references. */
export const MARKETPLACE_EMISSION_EXAMPLE = {
  ...EMISSION_EXAMPLE,
  emitente: { ...EMISSION_EXAMPLE.emitente, inscricao_municipal: '12345678', cnae: '1091101' },
  ind_pres: '2',
  ind_intermed: '1',
  intermediador: { cnpj: '03562067000108', identificador: 'padaria-do-ze' },
  documentos_referenciados: [
    { nota_modelo_1: { uf: 'SP', ano_mes: '2510', cnpj: '11222333000181', serie: 1, numero: 120 } },
  ],
  entrega: {
    cpf: '52998224725',
    nome: 'Joana Souza',
    address_street: 'Rua Harmonia',
    address_number: '77',
    address_district: 'Vila Madalena',
    address_city: 'São Paulo',
    address_city_ibge_code: '3550308',
    address_state: 'SP',
    address_zip: '05435000',
    fone: '11988887777',
  },
  autorizados_xml: [{ cnpj: '06929383000163' }],
  informacoes_adicionais: {
    contribuinte: 'Pedido 998877 no marketplace. Entregar entre 8h e 12h.',
    observacoes_contribuinte: [{ campo: 'Pedido', texto: '998877' }],
  },
  compra: { pedido: '998877' },
};

const item = EMISSION_EXAMPLE.itens[0] as (typeof EMISSION_EXAMPLE.itens)[number];

/** `POST /v1/emissoes` of an export: a buyer abroad (idDest 3), CFOP 7102, exporta. */
export const EXPORT_EMISSION_EXAMPLE = {
  ...EMISSION_EXAMPLE,
  uf_destino_tipo: 'exterior',
  ind_final: '0',
  destinatario: {
    nome: 'Bakery Supplies Inc',
    id_estrangeiro: 'EIN123456789',
    indicador_ie: '9',
    address_street: '5th Avenue',
    address_number: '350',
    address_district: 'Midtown',
    address_city: 'New York',
    address_state: 'EX',
    address_country_code: '2496',
    address_country: 'Estados Unidos',
  },
  itens: [
    {
      ...item,
      cfop: '7102',
      fiscal_result: { ...item.fiscal_result, cfop: '7102', consumidor_final: false },
    },
  ],
  exportacao: { uf_embarque: 'SP', local_embarque: 'Porto de Santos' },
};
