import { chaveAcesso, type NfeArma, type NfeEmbalagem, type NfeItem } from '../src/index.js';
import { item } from './fixtures.js';

/** A manufacturer (the recipient company of the transport fixtures), with valid check digits. */
export const MANUFACTURER_CNPJ = '06929383000163';
/** An FCI number as SEFAZ issues it. */
export const FCI = 'B01F70AF-10BF-4B1F-848C-65FF57F616FE';
/** A RECOPI registration (20 digits). */
export const RECOPI = '20261121103000000123';

export const PACKAGING: NfeEmbalagem = { descricao: 'CAIXA', quantidade: '12.5', unidade: 'L' };

export const WEAPONS: NfeArma[] = [
  {
    tipo: '0',
    numero_serie: 'SER-0001',
    numero_cano: 'CANO-0001',
    descricao: 'PISTOLA CAL .380 <TAURUS> & CIA',
  },
  { tipo: '1', numero_serie: 'X', numero_cano: 'Y', descricao: 'FUZIL' },
];

/** Every code of `<prod>` beyond cEAN and NCM (the base item: 10 × 50 = 500.00). */
export function codedItem(overrides: Partial<NfeItem> = {}): NfeItem {
  return item({
    codigo_barras: 'INT-0001',
    codigo_barras_tributavel: 'INT-TRIB-1',
    nve: ['AA0001', 'ZZ9999'],
    cest: '2800100',
    escala_relevante: 'N',
    cnpj_fabricante: MANUFACTURER_CNPJ,
    creditos_presumidos_icms: [
      { codigo: 'SP000207', percentual: '3', valor: '15' },
      { codigo: 'SP00020799', percentual: '1.2345', valor: '6.17' },
    ],
    numero_fci: FCI,
    embalagem: PACKAGING,
    observacao_contribuinte: { campo: 'Lote', texto: 'Conferido <ok>' },
    observacao_fisco: { campo: 'Processo', texto: '123/2026' },
    ...overrides,
  });
}

/** An NF-e of the emitter's (SP) with its cNF zeroed: the form refNFeSig takes. */
export const CONFIDENTIAL_CHAVE = chaveAcesso({
  cUF: '35',
  aamm: '2610',
  cnpj: '06929383000163',
  serie: 1,
  numero: 88,
  tpEmis: '1',
  codigoNumerico: '00000000',
});
