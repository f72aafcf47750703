import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

import {
  AmbienteSchema,
  DateTimeSchema,
  DocumentModelSchema,
  queryInt,
  RefSchema,
  UuidSchema,
} from './common.js';

/**
 * A stored NF-e. `status` is `assinada` while transmission is not configured; `processando`,
 * `autorizada`, `rejeitada`, `denegada` and `cancelada` are reserved for it.
 */
export const FiscalDocumentReadSchema = z.object({
  id: UuidSchema,
  product_id: UuidSchema,
  tenant_ref: z.string(),
  branch_ref: z.string(),
  series_id: UuidSchema,
  document_model: DocumentModelSchema,
  serie: z.number().int(),
  numero: z.number().int(),
  chave_acesso: z.string().length(44),
  codigo_numerico: z.string().length(8),
  status: z.string().max(20),
  ambiente: AmbienteSchema,
  rejeicao_codigo: z.string().max(10).nullable(),
  rejeicao_motivo: z.string().max(500).nullable(),
  protocolo: z.string().max(20).nullable(),
  autorizada_em: DateTimeSchema.nullable(),
  created_at: DateTimeSchema,
});
export type FiscalDocumentRead = z.infer<typeof FiscalDocumentReadSchema>;

/** Filters and page of `GET /v1/documentos`; ordered by created_at then id, newest first. */
export const DocumentListQuerySchema = fastObject(
  z.object({
    tenant_ref: RefSchema.optional(),
    branch_ref: RefSchema.optional(),
    status: z.string().max(20).optional(),
    limit: queryInt({ min: 1, max: 200 }).default(50),
    // Capped at the largest exact integer so a huge offset is a 422, not a database overflow.
    offset: queryInt({ min: 0, max: Number.MAX_SAFE_INTEGER }).default(0),
  }),
);
export type DocumentListQuery = z.infer<typeof DocumentListQuerySchema>;

export const DocumentIdParamsSchema = z.object({ document_id: UuidSchema });
