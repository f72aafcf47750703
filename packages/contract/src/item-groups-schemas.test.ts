import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { EMISSION_EXAMPLE } from './examples.js';
import { setFastParse } from './fast-parse/fast-object.js';
import { EmissaoRequestSchema } from './schemas/emissions.js';

/** `code` (or the pydantic name in params.type) and path of every issue. */
function issues(value: unknown) {
  const result = (EmissaoRequestSchema as z.ZodTypeAny).safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => {
    const params = 'params' in i ? (i.params as { type?: string } | undefined) : undefined;
    return { code: params?.type ?? i.code, path: i.path.join('.') };
  });
}

const [BASE_ITEM] = EMISSION_EXAMPLE.itens;

const GROUPS = {
  valor_desconto: 1.5,
  valor_frete: '2.00',
  valor_seguro: 0,
  valor_outras_despesas: '0.10',
  incluir_no_total: '1',
  informacoes_adicionais: 'Lote conferido',
  pedido_compra: { numero: 'PED-1', item: '10' },
  ex_tipi: '01',
  importacao: [
    {
      numero: '2601234567',
      data_registro: '2026-10-01',
      local_desembaraco: 'SANTOS',
      uf_desembaraco: 'SP',
      data_desembaraco: '2026-10-03',
      via_transporte: '1',
      valor_afrmm: 10,
      forma_intermedio: '1',
      codigo_exportador: 'X',
      adicoes: [{ sequencial: '1', codigo_fabricante: 'F', valor_desconto: '1' }],
    },
  ],
  exportacao: [{ numero_drawback: '260000001', exportacao_indireta: null }],
  rastreabilidade: [
    { lote: 'L1', quantidade: 2, data_fabricacao: '2026-01-10', data_validade: '2027-01-10' },
  ],
  medicamento: { codigo_anvisa: 'ISENTO', preco_maximo_consumidor: '9.90' },
  devolucao: { percentual: 100, valor_ipi_devolvido: '1.00' },
};

describe('the item groups in EmissaoRequestSchema', () => {
  it('parses every field, decimals to canonical text, the same on the fast path and in zod', () => {
    const body = { ...EMISSION_EXAMPLE, itens: [{ ...BASE_ITEM, ...GROUPS }] };
    const fast = EmissaoRequestSchema.parse(body);
    setFastParse(false);
    const slow = (() => {
      try {
        return EmissaoRequestSchema.parse(body);
      } finally {
        setFastParse(true);
      }
    })();
    expect(fast).toEqual(slow);
    const item = fast.itens[0]!;
    expect(item.valor_desconto).toBe('1.5');
    expect(item.valor_seguro).toBe('0');
    expect(item.importacao?.[0]?.valor_afrmm).toBe('10');
    expect(item.rastreabilidade?.[0]?.quantidade).toBe('2');
    expect(item.devolucao).toEqual({ percentual: '100', valor_ipi_devolvido: '1' });
  });

  it('adds nothing to an item without them (the idempotency fingerprint does not move)', () => {
    const parsed = EmissaoRequestSchema.parse(EMISSION_EXAMPLE);
    expect(Object.keys(parsed.itens[0]!).sort()).toEqual(Object.keys(BASE_ITEM!).sort());
  });

  it.each([
    ['a misspelt charge', { valor_descontos: '1' }, 'unrecognized_keys', 'itens.0'],
    [
      'a charge that is no decimal',
      { valor_frete: 'dez' },
      'decimal_parsing',
      'itens.0.valor_frete',
    ],
    [
      'an unknown field in a batch',
      { rastreabilidade: [{ ...GROUPS.rastreabilidade[0], lote_x: '1' }] },
      'unrecognized_keys',
      'itens.0.rastreabilidade.0',
    ],
    [
      'an addition without its sequence',
      { importacao: [{ ...GROUPS.importacao[0], adicoes: [{ codigo_fabricante: 'F' }] }] },
      'invalid_type',
      'itens.0.importacao.0.adicoes.0.sequencial',
    ],
    [
      'a vehicle field as a number',
      { veiculo: { chassi: 1 } },
      'invalid_type',
      'itens.0.veiculo.tipo_operacao',
    ],
  ])('%s is refused at its path', (_name, fields, code, path) => {
    const found = issues({ ...EMISSION_EXAMPLE, itens: [{ ...BASE_ITEM, ...fields }] });
    expect(found).toContainEqual({ code, path });
  });
});
