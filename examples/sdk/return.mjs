// A return (devolução) with the typed SDK (@emissor/client): the bakery sells two loaves to Maria
// (examples/emission.json), then Maria brings them back. She is a person, not an ICMS taxpayer, so
// she issues no NF-e: the bakery issues the return itself, an NF-e of goods entering that
// references the sale by its chave de acesso.
//
//   EMISSOR_API_KEY=emk_… CERT_PASSWORD=… node examples/sdk/return.mjs emitente.pfx
import { connect, emissionExample, emitAuthorised, saveDanfe, saveXml } from './setup.mjs';

const emissor = await connect();

console.log('1. Emit the sale, waiting up to 10 s for SEFAZ');
const saleRequest = await emissionExample();
const sale = await emitAuthorised(emissor, saleRequest, 'sale');

console.log('2. Emit the return of everything sold, referencing the sale');
const devolucao = {
  // The same branch, emitter, customer (dest: who sends the goods back) and loaves.
  ...saleRequest,
  nat_op: 'Devolução de venda',
  fin_nfe: '4', // ide/finNFe: devolução
  tp_nf: '0', // ide/tpNF: entrada, the goods come in
  ind_pres: '0', // no sale in person or at a distance: not applicable
  // ide/NFref: the sale. The local SEFAZ, as SEFAZ, refuses a chave of its state it never
  // authorised (267), so this is the chave the sale's emission returned.
  documentos_referenciados: [{ chave_acesso: sale.chave_acesso }],
  itens: saleRequest.itens.map((item) => ({
    ...item,
    // 1202: return of a sale of goods bought from third parties, inside the state (the sale's
    // 5102 comes back as 1202). An entry CFOP in an NF-e of entry (SEFAZ 518/519).
    cfop: '1202',
    fiscal_result: {
      ...item.fiscal_result,
      cfop: '1202',
      // The sale's amounts: the ICMS the sale debited comes back as a credit; PIS/COFINS as
      // credits of a return of a sale (CST 50) instead of the sale's debits (CST 01).
      tributos: item.fiscal_result.tributos.map((line) =>
        line.tax_domain === 'icms' ? line : { ...line, cst: '50' },
      ),
    },
  })),
  // A return moves no money in the NF-e: 90, sem pagamento (SEFAZ 871), written as vPag 0.00.
  pagamento: { tpag: '90', valor: '0' },
  informacoes_adicionais: {
    contribuinte: `Devolução total da NF-e ${sale.numero}, série ${sale.serie}: embalagem danificada.`,
  },
};
const returned = await emitAuthorised(emissor, devolucao, 'return');
console.log(`   returns NF-e ${sale.numero} (chave ${sale.chave_acesso})`);

console.log("3. Download the return's XML and DANFE");
await saveXml(emissor, returned);
await saveDanfe(emissor, returned);
