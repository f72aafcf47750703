import {
  chaveAcesso,
  type NfeCombustivel,
  type NfeDeclaracaoImportacao,
  type NfeDetalheExportacao,
  type NfeItem,
  type NfeMedicamento,
  type NfeRastro,
  type NfeVeiculo,
} from '../src/index.js';
import { item } from './fixtures.js';

/** The NF-e by which the goods of an indirect export were received (a supplier's, in SP). */
export const SUPPLIER_CHAVE = chaveAcesso({
  cUF: '35',
  aamm: '2610',
  cnpj: '06929383000163',
  serie: 1,
  numero: 77,
  tpEmis: '1',
  codigoNumerico: '12345678',
});

/** Every field of an import declaration, two additions, one with every optional field. */
export const FULL_DI: NfeDeclaracaoImportacao = {
  numero: '26/0123456-7',
  data_registro: '2026-10-01',
  local_desembaraco: 'PORTO DE SANTOS & CIA',
  uf_desembaraco: 'SP',
  data_desembaraco: '2026-10-03',
  via_transporte: '1',
  valor_afrmm: '123.45',
  forma_intermedio: '2',
  cnpj: '06929383000163',
  uf_terceiro: 'RJ',
  codigo_exportador: 'EXP-001',
  adicoes: [
    {
      numero: '1',
      sequencial: '1',
      codigo_fabricante: 'FAB <1>',
      valor_desconto: '10.5',
      numero_drawback: '20260000011',
    },
    { sequencial: '2', codigo_fabricante: 'FAB 2' },
  ],
};

/** The least an import declaration holds. */
export const MINIMAL_DI: NfeDeclaracaoImportacao = {
  numero: '2601234567',
  data_registro: '2026-10-01',
  local_desembaraco: 'SANTOS',
  uf_desembaraco: 'SP',
  data_desembaraco: '2026-10-03',
  via_transporte: '4',
  forma_intermedio: '1',
  codigo_exportador: 'X',
  adicoes: [{ sequencial: '1', codigo_fabricante: 'F' }],
};

/** A drawback act and an indirect export of the whole quantity (10) of the base item. */
export const FULL_EXPORT: NfeDetalheExportacao[] = [
  { numero_drawback: '260000001' },
  {
    numero_drawback: '20260000011',
    exportacao_indireta: {
      numero_registro: '123456789012',
      chave_acesso: SUPPLIER_CHAVE,
      quantidade: '10',
    },
  },
];

export const FULL_BATCHES: NfeRastro[] = [
  {
    lote: 'L-2026/01',
    quantidade: '6',
    data_fabricacao: '2026-01-15',
    data_validade: '2027-01-15',
    codigo_agregacao: 'AGR 1',
  },
  { lote: 'L2', quantidade: '4.5', data_fabricacao: '2026-02-01', data_validade: '2026-02-01' },
];

export const FULL_MEDICINE: NfeMedicamento = {
  codigo_anvisa: 'ISENTO',
  motivo_isencao: 'RDC 123/2026',
  preco_maximo_consumidor: '55.9',
};

export const FULL_FUEL: NfeCombustivel = {
  codigo_anp: '210203001',
  descricao_anp: 'GLP',
  percentual_glp: '60',
  percentual_gas_natural_nacional: '30.5',
  percentual_gas_natural_importado: '9.5',
  valor_partida: '3.1',
  codif: '123456789012345678901',
  quantidade_temperatura_ambiente: '0.5',
  uf_consumo: 'SP',
  cide: { quantidade_base: '10', aliquota: '0.1', valor: '1' },
  encerrante: {
    bico: '1',
    bomba: '2',
    tanque: '3',
    valor_inicial: '1000',
    valor_final: '1010.5',
  },
  percentual_biodiesel: '14',
  origens: [
    { importado: '0', uf: 'SP', percentual: '70' },
    { importado: '1', uf: '33', percentual: '30' },
  ],
};

export const MINIMAL_FUEL: NfeCombustivel = {
  codigo_anp: '320102001',
  descricao_anp: 'GASOLINA C COMUM',
  uf_consumo: 'EX',
};

export const VEHICLE: NfeVeiculo = {
  tipo_operacao: '1',
  chassi: '9BWZZZ377VT004251',
  codigo_cor: '0001',
  descricao_cor: 'PRATA METALICO',
  potencia: '120',
  cilindradas: '1600',
  peso_liquido: '1100',
  peso_bruto: '1500',
  serie: 'AB123',
  tipo_combustivel: '16',
  numero_motor: 'MOTOR-123456',
  capacidade_tracao: '1.5000',
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
};

/** The base item (10 × 50) with every item-level field. */
export function chargedItem(overrides: Partial<NfeItem> = {}): NfeItem {
  return item({
    valor_desconto: '20.5',
    valor_frete: '10.10',
    valor_seguro: '5.05',
    valor_outras_despesas: '1.01',
    incluir_no_total: '1',
    informacoes_adicionais: 'Lote conferido <ok> & embalado',
    pedido_compra: { numero: 'PED-2026/0001', item: '000010' },
    ex_tipi: '01',
    ...overrides,
  });
}
