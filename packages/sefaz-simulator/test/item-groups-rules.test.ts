import { chaveAcesso, modulo11CheckDigit, type NfeRequest } from '@emissor/nfe-xml';
import { describe, expect, it } from 'vitest';

import { nfeRequest } from './helpers/documents.js';
import { builtNfe, CNPJ, rejectionOf } from './helpers/rule-verdict.js';

// The rules of the item's values and groups, on documents @emissor/nfe-xml wrote and then edited
// into what the API would have refused.

const SUPPLIER_CHAVE = chaveAcesso({
  cUF: '35',
  aamm: '2610',
  cnpj: '06929383000163',
  serie: 1,
  numero: 77,
  tpEmis: '1',
  codigoNumerico: '12345678',
});

const built = (overrides: Partial<NfeRequest> = {}): string => builtNfe(overrides).xml;

const verdict = (xml: string): string | undefined => rejectionOf(xml)?.cStat;

const [ITEM] = nfeRequest(CNPJ).itens;
if (!ITEM) throw new Error('item expected');

/** A sale whose items carry a discount, a medicine with its batches, fuel at the pump and a vehicle. */
const SALE: Partial<NfeRequest> = {
  itens: [
    {
      ...ITEM,
      valor_desconto: '10',
      rastreabilidade: [
        {
          lote: 'L1',
          quantidade: '10',
          data_fabricacao: '2026-01-15',
          data_validade: '2027-01-15',
        },
      ],
      medicamento: { codigo_anvisa: 'ISENTO', preco_maximo_consumidor: '9.90' },
    },
    {
      ...ITEM,
      combustivel: {
        codigo_anp: '320102001',
        descricao_anp: 'GASOLINA C COMUM',
        uf_consumo: 'SP',
        encerrante: { bico: '1', tanque: '2', valor_inicial: '1000', valor_final: '1010' },
      },
    },
    {
      ...ITEM,
      veiculo: {
        tipo_operacao: '1',
        chassi: '9BWZZZ377VT004251',
        codigo_cor: '0001',
        descricao_cor: 'PRATA',
        potencia: '120',
        cilindradas: '1600',
        peso_liquido: '1100',
        peso_bruto: '1500',
        serie: 'AB123',
        tipo_combustivel: '16',
        numero_motor: 'M-1',
        capacidade_tracao: '1.5',
        distancia_eixos: '2600',
        ano_modelo: '2027',
        ano_fabricacao: '2026',
        tipo_pintura: 'M',
        tipo_veiculo: '6',
        especie_veiculo: '1',
        condicao_vin: 'N',
        condicao_veiculo: '1',
        codigo_marca_modelo: '123456',
        cor_denatran: '10',
        lotacao: '5',
        restricao: '0',
      },
    },
  ],
  pagamento: { tpag: '01', valor: '1490' },
};

/** The entry of an imported item, bought on behalf of a buyer, by sea. */
const IMPORT: Partial<NfeRequest> = {
  tp_nf: '0',
  uf_destino_tipo: 'exterior',
  destinatario: {
    nome: 'FOREIGN SUPPLIER INC',
    indicador_ie: '9',
    id_estrangeiro: 'US123456',
    address_street: 'Main Street',
    address_number: '1',
    address_district: 'Downtown',
    address_city: 'EXTERIOR',
    address_city_ibge_code: '9999999',
    address_state: 'EX',
    address_country_code: '2496',
    address_country: 'ESTADOS UNIDOS',
  },
  itens: [
    {
      ...ITEM,
      cfop: '3102',
      fiscal_result: { ...ITEM.fiscal_result, cfop: '3102' },
      importacao: [
        {
          numero: '2601234567',
          data_registro: '2026-10-01',
          local_desembaraco: 'SANTOS',
          uf_desembaraco: 'SP',
          data_desembaraco: '2026-10-03',
          via_transporte: '1',
          valor_afrmm: '12.34',
          forma_intermedio: '2',
          cnpj: '06929383000163',
          uf_terceiro: 'RJ',
          codigo_exportador: 'EXP-1',
          adicoes: [{ sequencial: '1', codigo_fabricante: 'F', numero_drawback: '20260000011' }],
        },
      ],
    },
  ],
};

/** An item exported through a trading company, the supplier's NF-e referenced. */
const INDIRECT_EXPORT: Partial<NfeRequest> = {
  documentos_referenciados: [{ chave_acesso: SUPPLIER_CHAVE }],
  itens: [
    {
      ...ITEM,
      exportacao: [
        {
          numero_drawback: '260000001',
          exportacao_indireta: { chave_acesso: SUPPLIER_CHAVE, quantidade: '10' },
        },
      ],
    },
  ],
};

/** A return of goods (finNFe 4) with the IPI returned. */
const RETURN: Partial<NfeRequest> = {
  fin_nfe: '4',
  documentos_referenciados: [{ chave_acesso: SUPPLIER_CHAVE }],
  itens: [
    {
      ...ITEM,
      cfop: '5202',
      fiscal_result: { ...ITEM.fiscal_result, cfop: '5202', csosn: '900' },
      devolucao: { percentual: '100', valor_ipi_devolvido: '1.00' },
    },
  ],
  pagamento: { tpag: '90', valor: '0' },
};

/** The same chave of another model, its check digit recomputed. */
function ofModel(chave: string, model: string): string {
  const first43 = chave.slice(0, 20) + model + chave.slice(22, 43);
  return first43 + modulo11CheckDigit(first43);
}

describe('item value and group rules of the local SEFAZ', () => {
  it.each([
    ['a sale with a medicine, fuel and a vehicle', SALE],
    ['an import', IMPORT],
    ['an indirect export', INDIRECT_EXPORT],
    ['a return of goods', RETURN],
  ])('pass %s as @emissor/nfe-xml wrote it', (_name, request) => {
    expect(verdict(built(request))).toBeUndefined();
  });

  it.each([
    [
      '483 a discount above vProd',
      SALE,
      (x: string) => x.replace('<vDesc>10.00</vDesc><indTot>', '<vDesc>500.01</vDesc><indTot>'),
      '483',
    ],
    [
      '873 a medicine without batches',
      SALE,
      (x: string) => x.replace(/<rastro>.*?<\/rastro>/, ''),
      '873',
    ],
    [
      '877 a batch made after the processing day',
      SALE,
      (x: string) => x.replace('<dFab>2026-01-15</dFab>', '<dFab>2026-11-27</dFab>'),
      '877',
    ],
    [
      '870 a batch that expires before it was made',
      SALE,
      (x: string) => x.replace('<dVal>2027-01-15</dVal>', '<dVal>2026-01-14</dVal>'),
      '870',
    ],
    [
      '380 a pump meter that did not move forward',
      SALE,
      (x: string) => x.replace('<vEncFin>1010.000</vEncFin>', '<vEncFin>1000.000</vEncFin>'),
      '380',
    ],
    [
      '478 a vehicle billed directly with no delivery place',
      SALE,
      (x: string) => x.replace('<tpOp>1</tpOp>', '<tpOp>2</tpOp>'),
      '478',
    ],
    ['525 an import CFOP without DI', IMPORT, (x: string) => x.replace(/<DI>.*<\/DI>/, ''), '525'],
    [
      '330 by sea without AFRMM',
      IMPORT,
      (x: string) => x.replace(/<vAFRMM>.*?<\/vAFRMM>/, ''),
      '330',
    ],
    [
      '331 on behalf of a buyer without the buyer',
      IMPORT,
      (x: string) => x.replace('<CNPJ>06929383000163</CNPJ><UFTerceiro>', '<UFTerceiro>'),
      '331',
    ],
    [
      "332 the buyer's CNPJ check digits",
      IMPORT,
      (x: string) =>
        x.replace(
          '<CNPJ>06929383000163</CNPJ><UFTerceiro>',
          '<CNPJ>06929383000164</CNPJ><UFTerceiro>',
        ),
      '332',
    ],
    [
      "333 on behalf of a buyer without the buyer's state",
      IMPORT,
      (x: string) => x.replace('<UFTerceiro>RJ</UFTerceiro>', ''),
      '333',
    ],
    [
      '335 an import drawback act of 10 digits',
      IMPORT,
      (x: string) => x.replace('<nDraw>20260000011</nDraw>', '<nDraw>2026000001</nDraw>'),
      '335',
    ],
    [
      '339 an export drawback act of 10 digits',
      INDIRECT_EXPORT,
      (x: string) => x.replace('<nDraw>260000001</nDraw>', '<nDraw>2600000011</nDraw>'),
      '339',
    ],
    [
      '342 an indirect export chave with a wrong check digit',
      INDIRECT_EXPORT,
      (x: string) =>
        x.replace(
          `<chNFe>${SUPPLIER_CHAVE}</chNFe>`,
          `<chNFe>${SUPPLIER_CHAVE.slice(0, 43)}${(Number(SUPPLIER_CHAVE[43]) + 1) % 10}</chNFe>`,
        ),
      '342',
    ],
    [
      '343 an indirect export of an NFC-e',
      INDIRECT_EXPORT,
      (x: string) => x.replaceAll(SUPPLIER_CHAVE, ofModel(SUPPLIER_CHAVE, '65')),
      '343',
    ],
    [
      '344 the same NF-e twice',
      INDIRECT_EXPORT,
      (x: string) =>
        x.replace(
          /<exportInd>.*?<\/exportInd>/,
          (group) =>
            `${group}</detExport><detExport>${group.replace('<qExport>10.0000', '<qExport>0')}`,
        ),
      '344',
    ],
    [
      '345 an indirect export not referenced',
      INDIRECT_EXPORT,
      (x: string) => x.replace(/<NFref>.*?<\/NFref>/, ''),
      '345',
    ],
    [
      '346 quantities that do not add up',
      INDIRECT_EXPORT,
      (x: string) => x.replace('<qExport>10.0000</qExport>', '<qExport>9.0000</qExport>'),
      '346',
    ],
    [
      '354 returned taxes outside a return of goods',
      RETURN,
      (x: string) => x.replace('<finNFe>4</finNFe>', '<finNFe>1</finNFe>'),
      '354',
    ],
  ])('%s', (_name, request, edit, cStat) => {
    const xml = built(request);
    const edited = edit(xml);
    expect(edited).not.toBe(xml);
    expect(verdict(edited)).toBe(cStat);
  });

  it('340 CFOP 7501 without an indirect export (except in a complementary NF-e)', () => {
    const xml = built({
      ...IMPORT,
      ...INDIRECT_EXPORT,
      tp_nf: '1',
      // An export names where the goods leave the country (355).
      exportacao: { uf_embarque: 'SP', local_embarque: 'Porto de Santos' },
      itens: (INDIRECT_EXPORT.itens ?? []).map((item) => ({
        ...item,
        cfop: '7501',
        fiscal_result: { ...item.fiscal_result, cfop: '7501' },
      })),
    });
    expect(verdict(xml)).toBeUndefined();
    const without = xml.replace(/<exportInd>.*?<\/exportInd>/, '');
    expect(verdict(without)).toBe('340');
    expect(verdict(without.replace('<finNFe>1</finNFe>', '<finNFe>2</finNFe>'))).not.toBe('340');
  });
});
