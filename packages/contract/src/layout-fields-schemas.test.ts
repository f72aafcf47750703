import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { EMISSION_EXAMPLE } from './examples.js';
import { setFastParse } from './fast-parse/fast-object.js';
import { EmissaoRequestSchema } from './schemas/emissions.js';

/*
 * The last fields of the layout: the item's other codes, gCred, nFCI, packaging, weapons, RECOPI
 * and notes; the payment's establishment and receiver; the recipient's phone; a confidential
 * reference; and the reforma tributária layout's ide, item and IBSCBS fields.
 */

function issues(value: unknown) {
  const result = (EmissaoRequestSchema as z.ZodTypeAny).safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => {
    const params = 'params' in i ? (i.params as { type?: string } | undefined) : undefined;
    return { code: params?.type ?? i.code, path: i.path.join('.') };
  });
}

const [BASE_ITEM] = EMISSION_EXAMPLE.itens;
const CHAVE = '35261006929383000163550010000000771123456784';

const ITEM_FIELDS = {
  codigo_barras: 'INT-0001',
  codigo_barras_tributavel: 'INT-TRIB-1',
  nve: ['AA0001'],
  escala_relevante: 'N',
  cnpj_fabricante: '06929383000163',
  creditos_presumidos_icms: [{ codigo: 'SP000207', percentual: 3, valor: '15.00' }],
  numero_fci: 'B01F70AF-10BF-4B1F-848C-65FF57F616FE',
  embalagem: { descricao: 'CAIXA', quantidade: 12.5, unidade: 'L' },
  armas: [{ tipo: '0', numero_serie: 'S1', numero_cano: 'C1', descricao: 'PISTOLA' }],
  numero_recopi: '20261121103000000123',
  observacao_contribuinte: { campo: 'Lote', texto: 'Conferido' },
  observacao_fisco: { campo: 'Processo', texto: '123' },
  bem_movel_usado: '1',
  tipo_credito_presumido_zfm: '1',
  documento_referenciado: { chave_acesso: CHAVE, item: '1' },
};

const BODY = {
  ...EMISSION_EXAMPLE,
  destinatario: { ...EMISSION_EXAMPLE.destinatario, fone: '11987654321' },
  itens: [
    {
      ...BASE_ITEM,
      ...ITEM_FIELDS,
      fiscal_result: { ...BASE_ITEM!.fiscal_result, ibs_cbs: { doacao: '1' } },
    },
  ],
  pagamento: {
    ...EMISSION_EXAMPLE.pagamento,
    cnpj_transacional: '06929383000163',
    uf_transacional: 'SP',
    cartao: { tipo_integracao: '2', cnpj_recebedor: '33333333000191', id_terminal: 'POS-1' },
  },
  documentos_referenciados: [{ chave_acesso_sigilosa: CHAVE }],
  data_previsao_entrega: '2026-12-01',
  municipio_fato_gerador_ibs: '3550308',
  pagamentos_antecipados: [CHAVE],
};

describe('the last layout fields in EmissaoRequestSchema', () => {
  it('parses every field, decimals to canonical text, the same on the fast path and in zod', () => {
    const fast = EmissaoRequestSchema.parse(BODY);
    setFastParse(false);
    const slow = (() => {
      try {
        return EmissaoRequestSchema.parse(BODY);
      } finally {
        setFastParse(true);
      }
    })();
    expect(fast).toEqual(slow);
    const item = fast.itens[0]!;
    expect(item.creditos_presumidos_icms?.[0]?.percentual).toBe('3');
    expect(item.embalagem?.quantidade).toBe('12.5');
    expect(item.fiscal_result.ibs_cbs?.doacao).toBe('1');
    expect(fast.pagamento.cartao?.id_terminal).toBe('POS-1');
    expect(fast.documentos_referenciados?.[0]?.chave_acesso_sigilosa).toBe(CHAVE);
    expect(fast.pagamentos_antecipados).toEqual([CHAVE]);
  });

  it.each([
    [
      'a misspelt code',
      { itens: [{ ...BASE_ITEM, codigo_barra: 'X' }] },
      'unrecognized_keys',
      'itens.0',
    ],
    [
      'an unknown field in a weapon',
      { itens: [{ ...BASE_ITEM, armas: [{ ...ITEM_FIELDS.armas[0], calibre: '.380' }] }] },
      'unrecognized_keys',
      'itens.0.armas.0',
    ],
    [
      'a credit whose value is no decimal',
      {
        itens: [
          {
            ...BASE_ITEM,
            creditos_presumidos_icms: [{ codigo: 'SP000207', percentual: '3', valor: 'x' }],
          },
        ],
      },
      'decimal_parsing',
      'itens.0.creditos_presumidos_icms.0.valor',
    ],
    [
      'nine NVE codes',
      { itens: [{ ...BASE_ITEM, nve: Array(9).fill('AA0001') }] },
      'too_big',
      'itens.0.nve',
    ],
    [
      'a hundred advance payments',
      { pagamentos_antecipados: Array(100).fill(CHAVE) },
      'too_big',
      'pagamentos_antecipados',
    ],
    [
      'an unknown field in the referenced item',
      { itens: [{ ...BASE_ITEM, documento_referenciado: { chave_acesso: CHAVE, n_item: '1' } }] },
      'unrecognized_keys',
      'itens.0.documento_referenciado',
    ],
  ])('%s is refused at its path', (_name, fields, code, path) => {
    const found = issues({ ...EMISSION_EXAMPLE, ...fields });
    expect(found).toContainEqual({ code, path });
  });
});
