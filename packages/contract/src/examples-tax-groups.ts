// The bakery of examples.ts selling its bread and a soft drink whose ICMS-ST the industry charged
// earlier (CST 60, CFOP 5405): the drink carries the ST retained (vBCSTRet … vICMSSTRet) and the
// ICMS the consumer effectively bore, both items the approximate tax burden of Lei 12.741
// (vTotTrib). vNF = 21.00 + 16.00: ST charged earlier is not added again.

import { EMISSION_EXAMPLE } from './examples.js';

const [BREAD] = EMISSION_EXAMPLE.itens;
if (!BREAD) throw new Error('the emission example has an item');

const RULE_ID = '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f';
const line = (fields: Record<string, string>) => ({
  base_calc: '0',
  base_calc_percent: '100',
  valor: '0',
  rule_id: RULE_ID,
  ...fields,
});

/** `POST /v1/emissoes` with ST charged earlier and the approximate tax burden. */
export const TAX_GROUPS_EMISSION_EXAMPLE = {
  ...EMISSION_EXAMPLE,
  itens: [
    {
      ...BREAD,
      fiscal_result: {
        ...BREAD.fiscal_result,
        tributos: [
          ...BREAD.fiscal_result.tributos,
          line({
            tax_domain: 'tributos_aproximados',
            base_calc: '21.00',
            aliquota: '31.45',
            valor: '6.60',
          }),
        ],
      },
    },
    {
      codigo: 'REFRI-LATA-350',
      descricao: 'Refrigerante lata 350 ml',
      ncm: '22021000',
      cest: '0300700',
      cfop: '5405',
      unidade_comercial: 'UN',
      unidade_tributavel: 'UN',
      quantidade: '2',
      valor_unitario: '8.00',
      fiscal_result: {
        cfop: '5405',
        consumidor_final: true,
        indicador_ie: '9',
        cst: '60',
        origem: '0',
        tributos: [
          line({ tax_domain: 'icms', cst: '60' }),
          line({
            tax_domain: 'icms_st_retido',
            base_calc: '15.20',
            aliquota: '18.00',
            valor_substituto: '1.50',
            valor: '1.24',
          }),
          line({
            tax_domain: 'icms_efetivo',
            base_calc: '16.00',
            aliquota: '18.00',
            valor: '2.88',
          }),
          line({ tax_domain: 'pis', cst: '04' }),
          line({ tax_domain: 'cofins', cst: '04' }),
          line({
            tax_domain: 'tributos_aproximados',
            base_calc: '16.00',
            aliquota: '30.80',
            valor: '4.93',
          }),
        ],
      },
    },
  ],
  pagamento: { tpag: '17', valor: '37.00', indpag: '0' },
};
