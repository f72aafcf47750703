// The bakery of examples.ts selling a loaf with a discount and freight, from a batch, against the
// buyer's purchase order: the item values and groups an emission may add. The batch was made
// before the day of issue (SEFAZ 877); vNF = 21.00 − 1.00 + 2.00.

import { EMISSION_EXAMPLE } from './examples.js';

const [BREAD] = EMISSION_EXAMPLE.itens;
if (!BREAD) throw new Error('the emission example has an item');

/** The tax lines of the bread on its base with the discount and freight (22.00). */
const tributos = BREAD.fiscal_result.tributos.map((line) => ({
  ...line,
  base_calc: '22.00',
  valor:
    ({ icms: '3.96', pis: '0.36', cofins: '1.67' } as Record<string, string>)[line.tax_domain] ??
    line.valor,
}));

/** `POST /v1/emissoes` with an item's discount, freight, batch, order and additional information. */
export const ITEM_GROUPS_EMISSION_EXAMPLE = {
  ...EMISSION_EXAMPLE,
  itens: [
    {
      ...BREAD,
      fiscal_result: { ...BREAD.fiscal_result, tributos },
      valor_desconto: '1.00',
      valor_frete: '2.00',
      informacoes_adicionais: 'Validade 30 dias após a fabricação; manter em local seco',
      pedido_compra: { numero: 'PED-4471', item: '1' },
      rastreabilidade: [
        {
          lote: 'L2611-30',
          quantidade: '2',
          data_fabricacao: '2026-11-30',
          data_validade: '2026-12-30',
        },
      ],
    },
  ],
  pagamento: { tpag: '17', valor: '22.00', indpag: '0' },
};
