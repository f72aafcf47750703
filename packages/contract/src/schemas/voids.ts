import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

import { AmbienteSchema, DateTimeSchema, queryInt, RefSchema, UuidSchema } from './common.js';
import { JustificativaSchema } from './events.js';
import { UfSchema } from './sefaz.js';
import { NextNumberSchema, SerieSchema } from './series.js';

/**
 * A range of a series' numbers to void at SEFAZ. It must lie below the series' `next_number` and
 * hold no document that is `processando`, `autorizada`, `denegada` or `cancelada`.
 */
export const InutilizacaoRequestSchema = z
  .object({
    tenant_ref: RefSchema,
    branch_ref: RefSchema,
    serie: SerieSchema,
    numero_inicial: NextNumberSchema,
    numero_final: NextNumberSchema,
    justificativa: JustificativaSchema,
    ambiente: AmbienteSchema,
    uf: UfSchema,
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.numero_final < body.numero_inicial)
      ctx.addIssue({
        code: 'too_small',
        type: 'number',
        minimum: body.numero_inicial,
        inclusive: true,
        path: ['numero_final'],
        message: `Input should be greater than or equal to numero_inicial (${body.numero_inicial})`,
      });
  });
export type InutilizacaoRequest = z.infer<typeof InutilizacaoRequestSchema>;

export const FiscalVoidOrigemSchema = z.enum(['manual', 'rejeicao']);
export const FiscalVoidStatusSchema = z.enum(['processando', 'homologada', 'rejeitada']);

/**
 * An inutilização: `origem` `manual` (POST /v1/inutilizacoes) or `rejeicao` (the number of a
 * rejected document, voided automatically); `homologada` once SEFAZ answered 102.
 */
export const FiscalVoidReadSchema = z.object({
  id: UuidSchema,
  product_id: UuidSchema,
  tenant_ref: z.string(),
  branch_ref: z.string(),
  serie: z.number().int(),
  numero_inicial: z.number().int(),
  numero_final: z.number().int(),
  ambiente: AmbienteSchema,
  origem: FiscalVoidOrigemSchema,
  status: FiscalVoidStatusSchema,
  protocolo: z.string().max(20).nullable(),
  homologada_em: DateTimeSchema.nullable(),
  rejeicao_codigo: z.string().max(10).nullable(),
  rejeicao_motivo: z.string().max(500).nullable(),
  created_at: DateTimeSchema,
});
export type FiscalVoidRead = z.infer<typeof FiscalVoidReadSchema>;

/** `GET /v1/inutilizacoes`: one tenant and branch, newest first. */
export const VoidListQuerySchema = fastObject(
  z.object({
    tenant_ref: RefSchema,
    branch_ref: RefSchema,
    limit: queryInt({ min: 1, max: 200 }).default(50),
    offset: queryInt({ min: 0, max: Number.MAX_SAFE_INTEGER }).default(0),
  }),
);
export type VoidListQuery = z.infer<typeof VoidListQuerySchema>;

export const VoidIdParamsSchema = z.object({ inutilizacao_id: UuidSchema });
