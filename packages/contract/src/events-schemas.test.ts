import { describe, expect, it } from 'vitest';

import { CancelamentoRequestSchema, CartaCorrecaoRequestSchema } from './schemas/events.js';
import { InutilizacaoRequestSchema } from './schemas/voids.js';

const issuesOf = (result: { success: boolean; error?: { issues: unknown[] } }) =>
  result.success ? [] : (result.error?.issues ?? []);

describe('event and inutilização bodies', () => {
  it.each([
    ['15 characters', 'a'.repeat(15), true],
    ['255 characters', 'a'.repeat(255), true],
    ['accented Latin-1', 'Mercadoria não entregue ao destinatário', true],
    ['14 characters', 'a'.repeat(14), false],
    ['256 characters', 'a'.repeat(256), false],
    ['a line break', 'Linha um do texto\nlinha dois', false],
    ['a leading space', ' Pedido cancelado pelo cliente', false],
    ['a trailing space', 'Pedido cancelado pelo cliente ', false],
    ['a character outside Latin-1', 'Pedido cancelado — cliente desistiu', false],
    ['DEL (U+007F)', 'Pedido cancelado\u007fpelo cliente', false],
    ['a C1 control (U+0085)', 'Pedido cancelado\u0085pelo cliente', false],
    ['a C1 control at the end (U+009F)', 'Pedido cancelado pelo cliente\u009f', false],
    ['a tab', 'Pedido cancelado\tpelo cliente', false],
    ['a no-break space (U+00A0)', 'Pedido cancelado\u00a0pelo cliente', true],
  ])('justificativa with %s: valid %s', (_name, justificativa, valid) => {
    expect(CancelamentoRequestSchema.safeParse({ justificativa }).success).toBe(valid);
  });

  it('correção takes 15–1000 characters and no other field', () => {
    expect(CartaCorrecaoRequestSchema.safeParse({ correcao: 'c'.repeat(1000) }).success).toBe(true);
    expect(CartaCorrecaoRequestSchema.safeParse({ correcao: 'c'.repeat(1001) }).success).toBe(
      false,
    );
    const extra = CartaCorrecaoRequestSchema.safeParse({ correcao: 'c'.repeat(20), x: 1 });
    expect(issuesOf(extra)).toEqual([expect.objectContaining({ code: 'unrecognized_keys' })]);
  });

  it('an inutilização range ends at or after its start, within 1–999999999', () => {
    const body = {
      tenant_ref: 't',
      branch_ref: 'b',
      serie: 1,
      numero_inicial: 10,
      numero_final: 10,
      justificativa: 'Numeracao pulada por falha do sistema',
      ambiente: 'homologacao',
      uf: 'SP',
    };
    expect(InutilizacaoRequestSchema.safeParse(body).success).toBe(true);
    expect(issuesOf(InutilizacaoRequestSchema.safeParse({ ...body, numero_final: 9 }))).toEqual([
      expect.objectContaining({ code: 'too_small', path: ['numero_final'] }),
    ]);
    expect(
      InutilizacaoRequestSchema.safeParse({ ...body, numero_final: 1_000_000_000 }).success,
    ).toBe(false);
    expect(InutilizacaoRequestSchema.safeParse({ ...body, uf: 'XX' }).success).toBe(false);
  });
});
