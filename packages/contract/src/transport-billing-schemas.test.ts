import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { EMISSION_EXAMPLE } from './examples.js';
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

const FULL = {
  ...EMISSION_EXAMPLE,
  pagamento: {
    tpag: '03',
    valor: 10,
    cartao: { tipo_integracao: '2', bandeira: '01' },
    data_pagamento: '2026-11-21',
    descricao: 'Cartão',
  },
  outros_pagamentos: [{ tpag: '17', valor: '11.00' }],
  transporte: {
    modalidade_frete: '0',
    transportadora: { cnpj: '33333333000191', nome: 'TRANSP', uf: 'SP' },
    veiculo: { placa: 'ABC1D23', uf: 'SP' },
    reboques: [{ placa: 'ABC1234' }],
    volumes: [{ quantidade: 2, especie: 'CAIXA', peso_liquido_kg: 1.5, lacres: ['L1'] }],
  },
  cobranca: {
    fatura: { numero: '1', valor_original: 21, valor_liquido: '21.00' },
    duplicatas: [{ numero: '001', vencimento: '2026-12-21', valor: 21 }],
  },
};

describe('transporte, cobranca and the payment fields in EmissaoRequestSchema', () => {
  it('parses every group, decimals to canonical text, without adding defaults to them', () => {
    const parsed = EmissaoRequestSchema.parse(FULL);
    expect(parsed.transporte?.volumes?.[0]).toEqual({
      quantidade: '2',
      especie: 'CAIXA',
      peso_liquido_kg: '1.5',
      lacres: ['L1'],
    });
    expect(parsed.cobranca?.duplicatas?.[0]?.valor).toBe('21');
    expect(parsed.cobranca?.fatura?.valor_liquido).toBe('21');
    expect(parsed.pagamento.valor).toBe('10');
    expect(parsed.outros_pagamentos?.[0]).toEqual({ tpag: '17', valor: '11', indpag: '0' });
  });

  it('leaves a body without them as it was (the idempotency fingerprint does not move)', () => {
    const parsed = EmissaoRequestSchema.parse(EMISSION_EXAMPLE);
    expect(Object.keys(parsed)).not.toContain('transporte');
    expect(Object.keys(parsed)).not.toContain('cobranca');
    expect(Object.keys(parsed)).not.toContain('outros_pagamentos');
    expect(Object.keys(parsed.pagamento).sort()).toEqual(['indpag', 'tpag', 'valor']);
  });

  it('accepts valor 0 (for tpag 90 and 91; the NF-e builder refuses it for the others)', () => {
    expect(issues({ ...EMISSION_EXAMPLE, pagamento: { tpag: '90', valor: 0 } })).toEqual([]);
    expect(issues({ ...EMISSION_EXAMPLE, pagamento: { tpag: '90', valor: -1 } })).toEqual([
      { code: 'greater_than', path: 'pagamento.valor' },
    ]);
    expect(issues({ ...EMISSION_EXAMPLE, pagamento: { tpag: '01', valor: 'x' } })).toEqual([
      { code: 'decimal_parsing', path: 'pagamento.valor' },
    ]);
  });

  it.each([
    [
      'an unknown freight mode',
      { transporte: { modalidade_frete: '5' } },
      'invalid_enum_value',
      'transporte.modalidade_frete',
    ],
    [
      'a misspelt carrier field',
      { transporte: { modalidade_frete: '0', transportadora: { nome_transportador: 'X' } } },
      'unrecognized_keys',
      'transporte.transportadora',
    ],
    [
      'six trailers',
      { transporte: { modalidade_frete: '0', reboques: Array(6).fill({ placa: 'ABC1234' }) } },
      'too_big',
      'transporte.reboques',
    ],
    [
      'a short carrier CNPJ',
      { transporte: { modalidade_frete: '0', transportadora: { cnpj: '123' } } },
      'too_small',
      'transporte.transportadora.cnpj',
    ],
    [
      'a volume weight that is not a decimal',
      { transporte: { modalidade_frete: '0', volumes: [{ peso_bruto_kg: '1,5' }] } },
      'decimal_parsing',
      'transporte.volumes.0.peso_bruto_kg',
    ],
    [
      'a fatura without valor_liquido',
      { cobranca: { fatura: { numero: '1', valor_original: 1 } } },
      'invalid_type',
      'cobranca.fatura.valor_liquido',
    ],
    [
      '121 duplicatas',
      {
        cobranca: {
          duplicatas: Array(121).fill({ numero: '001', vencimento: '2026-12-01', valor: 1 }),
        },
      },
      'too_big',
      'cobranca.duplicatas',
    ],
    [
      'a misspelt payment field',
      { pagamento: { tpag: '01', valor: 21, cartao: { tipo: '1' } } },
      'unrecognized_keys',
      'pagamento.cartao',
    ],
    [
      '100 outros_pagamentos',
      { outros_pagamentos: Array(100).fill({ tpag: '01', valor: 1 }) },
      'too_big',
      'outros_pagamentos',
    ],
  ])('rejects %s', (_name, overrides, code, path) => {
    const found = issues({ ...EMISSION_EXAMPLE, ...overrides });
    expect(found.map((i) => `${i.code} ${i.path}`)).toContain(`${code} ${path}`);
  });
});
