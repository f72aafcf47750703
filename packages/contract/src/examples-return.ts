// Maria returns the two loaves of the bakery's sale of examples.ts. She is a person, not an ICMS
// taxpayer, so she issues no NF-e: the bakery issues the return itself, an NF-e of goods entering
// (tp_nf 0) with the return's purpose (fin_nfe 4), CFOP 1202 (return of a sale of goods bought from
// third parties, inside the state) and the sale's chave de acesso in NFref. Its amounts repeat the
// sale's, so the ICMS the sale debited (3.78) comes back as a credit, and PIS/COFINS as credits of
// a return of a sale (CST 50). A return moves no money in the NF-e: tPag 90, sem pagamento
// (SEFAZ 871), and vPag 0.00.

import { DOCUMENT_EXAMPLE, EMISSION_EXAMPLE } from './examples.js';

const [BREAD] = EMISSION_EXAMPLE.itens;
if (!BREAD) throw new Error('the emission example has an item');

/** The sale's tax lines, PIS and COFINS as credits (CST 50) instead of debits (CST 01). */
const tributos = BREAD.fiscal_result.tributos.map((line) =>
  line.tax_domain === 'icms' ? line : { ...line, cst: '50' },
);

/** `POST /v1/emissoes` of the return of the sale whose document is DOCUMENT_EXAMPLE. */
export const RETURN_EMISSION_EXAMPLE = {
  ...EMISSION_EXAMPLE,
  nat_op: 'Devolução de venda',
  fin_nfe: '4',
  tp_nf: '0',
  // 0, not applicable: a return is no sale made in person or at a distance.
  ind_pres: '0',
  documentos_referenciados: [{ chave_acesso: DOCUMENT_EXAMPLE.chave_acesso }],
  itens: [
    {
      ...BREAD,
      cfop: '1202',
      fiscal_result: { ...BREAD.fiscal_result, cfop: '1202', tributos },
    },
  ],
  pagamento: { tpag: '90', valor: '0' },
  informacoes_adicionais: {
    contribuinte: `Devolução total da NF-e ${DOCUMENT_EXAMPLE.numero}, série ${DOCUMENT_EXAMPLE.serie}: embalagem danificada.`,
  },
};
