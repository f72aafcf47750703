// A sale on credit with the typed SDK (@emissor/client): the bakery sells 40 loaves to a
// supermarket with a discount and the freight on the item, ships them by a carrier in two boxes,
// and bills them by boleto in two instalments (the NF-e's transp and cobr groups).
//
//   EMISSOR_API_KEY=emk_… CERT_PASSWORD=… node examples/sdk/sale-on-credit.mjs emitente.pfx
//
// Money is decimal text ('10.50') end to end; the sums below are done in whole cents, never with
// binary floats, so the duplicatas add up to the fatura exactly.
import { connect, daysFromToday, emissionExample, emitAuthorised, saveXml } from './setup.mjs';

const emissor = await connect();
// The emitter and the bread of examples/emission.json.
const example = await emissionExample();
const [bread] = example.itens;

// The order: 40 loaves at 10.50, 20.00 off, 30.00 of freight charged to the buyer.
const quantidade = 40;
const valorUnitario = '10.50';
const desconto = '20.00';
const frete = '30.00';
const produtos = cents(valorUnitario) * quantidade; // vProd 420.00
// vNF: what the buyer owes. Emissor computes the same from the items and refuses a mismatch.
const total = produtos - cents(desconto) + cents(frete); // 430.00

// What your tax engine returns for the item. ICMS is due on the price with the freight and
// without the unconditional discount; here PIS/COFINS use the same base.
const base = total;
const taxLine = (tax_domain, cst, aliquota, rule_id) => ({
  tax_domain,
  cst,
  base_calc: money(base),
  base_calc_percent: '100',
  aliquota,
  valor: money(percentOf(base, aliquota)),
  rule_id,
});
const rules = Object.fromEntries(
  bread.fiscal_result.tributos.map((t) => [t.tax_domain, t.rule_id]),
);

// Two instalments at 30 and 60 days; the last one takes the odd cent, if any.
const instalments = 2;
const share = Math.floor(total / instalments);
const duplicatas = Array.from({ length: instalments }, (_, i) => ({
  numero: String(i + 1).padStart(3, '0'), // 001, 002… (SEFAZ 852)
  vencimento: daysFromToday(30 * (i + 1)), // not before today, ascending (SEFAZ 900, 850)
  valor: money(i === instalments - 1 ? total - share * (instalments - 1) : share),
}));

const sale = {
  tenant_ref: example.tenant_ref,
  branch_ref: example.branch_ref,
  serie: example.serie,
  ambiente: example.ambiente,
  uf_destino_tipo: 'interna', // the buyer is in the emitter's state (idDest 1)
  ver_proc: example.ver_proc,
  nat_op: 'Venda de mercadoria',
  ind_final: '0', // the supermarket resells the bread: not a final consumer
  emitente: example.emitente,
  destinatario: {
    nome: 'Mercado Bom Preço Ltda',
    cnpj: '06929383000163',
    indicador_ie: '1', // an ICMS taxpayer, with its IE
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
      ...bread,
      quantidade: String(quantidade),
      valor_unitario: valorUnitario,
      valor_desconto: desconto, // prod/vDesc
      valor_frete: frete, // prod/vFrete
      fiscal_result: {
        ...bread.fiscal_result,
        consumidor_final: false,
        indicador_ie: '1',
        tributos: [
          taxLine('icms', '00', '18.00', rules.icms),
          taxLine('pis', '01', '1.65', rules.pis),
          taxLine('cofins', '01', '7.60', rules.cofins),
        ],
      },
    },
  ],
  // Boleto (15), paid in instalments (indPag 1): the whole total.
  pagamento: { tpag: '15', valor: money(total), indpag: '1' },
  transporte: {
    modalidade_frete: '0', // the seller hires the carrier and charges the freight (CIF)
    transportadora: {
      cnpj: '33333333000191',
      nome: 'Transportadora Rápida Ltda',
      ie: '148302578150',
      endereco: 'Rodovia Anhanguera, km 20',
      municipio: 'São Paulo',
      uf: 'SP',
    },
    veiculo: { placa: 'ABC1D23', uf: 'SP' }, // only inside the state (SEFAZ 868)
    volumes: [
      {
        quantidade: '2',
        especie: 'CAIXA',
        marca: 'PADARIA DO ZE',
        numeracao: '1-2',
        peso_liquido_kg: '20.000', // 40 × 0.5 kg
        peso_bruto_kg: '21.600', // with the boxes
      },
    ],
  },
  cobranca: {
    // vLiq = vOrig − vDesc (SEFAZ 902), and the duplicatas add up to vLiq (SEFAZ 851).
    fatura: {
      numero: '1001',
      valor_original: money(total),
      valor_desconto: '0.00',
      valor_liquido: money(total),
    },
    duplicatas,
  },
};

console.log('Emit the sale on credit, waiting up to 10 s for SEFAZ');
const document = await emitAuthorised(emissor, sale, 'sale on credit');
console.log(`   total ${money(total)} in ${duplicatas.map((d) => d.valor).join(' + ')} by boleto`);
await saveXml(emissor, document);

/** '10.50' → 1050. */
function cents(text) {
  const [units, fraction = ''] = text.split('.');
  return Number(units) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** 1050 → '10.50'. */
function money(amount) {
  return `${Math.trunc(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
}

/** `rate` percent ('1.65') of `amount` cents, rounded half up to a cent. */
function percentOf(amount, rate) {
  const hundredths = cents(rate); // 1.65 % → 165 hundredths of a percent
  return Math.floor((amount * hundredths + 5000) / 10000);
}
