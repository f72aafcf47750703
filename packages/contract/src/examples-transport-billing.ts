// The bakery of examples.ts selling on credit to a supermarket in its city: 40 loaves with a
// discount and the freight charged on the item, shipped by a carrier in two boxes, paid by boleto in
// two instalments. Every amount agrees with the others:
//   vProd 40 × 10.50 = 420.00; vNF = 420.00 − 20.00 (vDesc) + 30.00 (vFrete) = 430.00
//   ICMS base 430.00 (the freight is in it, the unconditional discount is not) × 18 % = 77.40
//   pagamento: boleto 430.00 in instalments = fatura 430.00 = duplicatas 215.00 + 215.00
// The due dates must not be before the day of issue (SEFAZ 900): far enough ahead for the example
// to stay valid; an integration sets them from its own terms (examples/sdk/sale-on-credit.mjs).

import { EMISSION_EXAMPLE } from './examples.js';

const [BREAD] = EMISSION_EXAMPLE.itens;
if (!BREAD) throw new Error('the emission example has an item');

/** The tax engine's lines for 40 loaves on the base with the discount and freight (430.00). */
const tributos = BREAD.fiscal_result.tributos.map((line) => ({
  ...line,
  base_calc: '430.00',
  valor:
    ({ icms: '77.40', pis: '7.10', cofins: '32.68' } as Record<string, string>)[line.tax_domain] ??
    line.valor,
}));

/** `POST /v1/emissoes` of a sale on credit: discount, freight, carrier, fatura and duplicatas. */
export const TRANSPORT_BILLING_EMISSION_EXAMPLE = {
  ...EMISSION_EXAMPLE,
  // A supermarket buying to resell: not a final consumer, a taxpayer with its IE.
  ind_final: '0',
  destinatario: {
    nome: 'Mercado Bom Preço Ltda',
    cnpj: '06929383000163',
    indicador_ie: '1',
    ie: '112006603110',
    email: 'compras@mercadobompreco.example.com',
    address_street: 'Avenida Paulista',
    address_number: '1000',
    address_district: 'Bela Vista',
    address_city: 'São Paulo',
    address_city_ibge_code: '3550308',
    address_state: 'SP',
    address_zip: '01310100',
  },
  itens: [
    {
      ...BREAD,
      quantidade: '40',
      valor_desconto: '20.00',
      valor_frete: '30.00',
      fiscal_result: {
        ...BREAD.fiscal_result,
        consumidor_final: false,
        indicador_ie: '1',
        tributos,
      },
    },
  ],
  pagamento: { tpag: '15', valor: '430.00', indpag: '1' },
  transporte: {
    // 0: the seller hires and pays the carrier (CIF), and charges the freight on the item.
    modalidade_frete: '0',
    transportadora: {
      cnpj: '33333333000191',
      nome: 'Transportadora Rápida Ltda',
      ie: '148302578150',
      endereco: 'Rodovia Anhanguera, km 20',
      municipio: 'São Paulo',
      uf: 'SP',
    },
    veiculo: { placa: 'ABC1D23', uf: 'SP' },
    volumes: [
      {
        quantidade: '2',
        especie: 'CAIXA',
        marca: 'PADARIA DO ZE',
        numeracao: '1-2',
        peso_liquido_kg: '20.000',
        peso_bruto_kg: '21.600',
      },
    ],
  },
  cobranca: {
    fatura: {
      numero: '1001',
      valor_original: '430.00',
      valor_desconto: '0.00',
      valor_liquido: '430.00',
    },
    duplicatas: [
      { numero: '001', vencimento: '2031-01-15', valor: '215.00' },
      { numero: '002', vencimento: '2031-02-15', valor: '215.00' },
    ],
  },
};
