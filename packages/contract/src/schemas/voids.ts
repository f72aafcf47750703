import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

import {
  AmbienteSchema,
  BranchRefSchema,
  DateTimeSchema,
  queryInt,
  TenantRefSchema,
  UuidSchema,
} from './common.js';
import { JustificativaSchema } from './events.js';
import { UfSchema } from './sefaz.js';
import { NextNumberSchema, SerieSchema } from './series.js';

/**
 * A range of a series' numbers to void at SEFAZ. It must lie below the series' `next_number` and
 * hold no document that is `processando`, `autorizada`, `denegada` or `cancelada`.
 */
export const InutilizacaoRequestSchema = z
  .object({
    tenant_ref: TenantRefSchema,
    branch_ref: BranchRefSchema,
    serie: SerieSchema.describe(
      'inutNFe/infInut/serie: the series (ide/serie) whose numbers are voided; it must exist for this tenant and branch',
    ),
    numero_inicial: NextNumberSchema.describe(
      "inutNFe/infInut/nNFIni: the first number voided, 1–999999999, below the series' next_number",
    ),
    numero_final: NextNumberSchema.describe(
      "inutNFe/infInut/nNFFin: the last number voided, at least numero_inicial and below the series' next_number (equal to numero_inicial for one number); one request voids at most 10000 numbers (SEFAZ's limit, cStat 201)",
    ),
    justificativa: JustificativaSchema.describe(
      'inutNFe/infInut/xJust: why the numbers were not used, 15–255 printable Latin-1 characters (no line breaks, no spaces at either end)',
    ),
    ambiente: AmbienteSchema.describe(
      'inutNFe/infInut/tpAmb: homologacao (2) or producao (1), as the documents of the series; with SEFAZ=simulator only homologacao (the local SEFAZ is a homologação authoriser)',
    ),
    uf: UfSchema.describe(
      "inutNFe/infInut/cUF: the emitter's UF, whose authoriser homologates the inutilização",
    ),
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
  id: UuidSchema.describe('The inutilização id (path of /v1/inutilizacoes/{inutilizacao_id})'),
  product_id: UuidSchema.describe('The product (API key owner) it belongs to'),
  tenant_ref: z.string().describe('Your id of the tenant'),
  branch_ref: z.string().describe('Your id of the branch (its CNPJ is infInut/CNPJ)'),
  serie: z.number().int().describe('infInut/serie'),
  numero_inicial: z.number().int().describe('infInut/nNFIni: the first number voided'),
  numero_final: z.number().int().describe('infInut/nNFFin: the last number voided'),
  ambiente: AmbienteSchema.describe('infInut/tpAmb: homologacao (2) or producao (1)'),
  origem: FiscalVoidOrigemSchema.describe(
    'manual (POST /v1/inutilizacoes) or rejeicao (the number of a rejected document, voided automatically so the sequence has no gap)',
  ),
  status: FiscalVoidStatusSchema.describe(
    "processando (queued or sent, no final answer yet), homologada (SEFAZ's retInutNFe cStat 102), rejeitada (SEFAZ refused it, see rejeicao_codigo)",
  ),
  protocolo: z
    .string()
    .max(20)
    .nullable()
    .describe('retInutNFe/infInut/nProt, the homologation protocol number; null until homologada'),
  homologada_em: DateTimeSchema.nullable().describe(
    'retInutNFe/infInut/dhRecbto, when SEFAZ homologated it (UTC); null until homologada',
  ),
  rejeicao_codigo: z
    .string()
    .max(10)
    .nullable()
    .describe("SEFAZ's retInutNFe cStat when rejeitada (e.g. 563 already voided), else null"),
  rejeicao_motivo: z
    .string()
    .max(500)
    .nullable()
    .describe("SEFAZ's retInutNFe xMotivo when rejeitada, else null"),
  created_at: DateTimeSchema.describe('When Emissor stored and queued it (UTC)'),
});
export type FiscalVoidRead = z.infer<typeof FiscalVoidReadSchema>;

/** `GET /v1/inutilizacoes`: one tenant and branch, newest first. */
export const VoidListQuerySchema = fastObject(
  z.object({
    tenant_ref: TenantRefSchema,
    branch_ref: BranchRefSchema,
    limit: queryInt({ min: 1, max: 200 }).default(50).describe('Page size, 1–200'),
    offset: queryInt({ min: 0, max: Number.MAX_SAFE_INTEGER })
      .default(0)
      .describe('How many inutilizações to skip (newest first)'),
  }),
);
export type VoidListQuery = z.infer<typeof VoidListQuerySchema>;

export const VoidIdParamsSchema = z.object({
  inutilizacao_id: UuidSchema.describe('The `id` of the inutilização'),
});
