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
  id: UuidSchema.describe('The document id (path of /v1/documentos/{document_id})'),
  product_id: UuidSchema.describe('The product (API key owner) that issued it'),
  tenant_ref: z.string().describe('Your id of the tenant'),
  branch_ref: z.string().describe('Your id of the branch'),
  series_id: UuidSchema.describe('The series that numbered it'),
  document_model: DocumentModelSchema.describe('ide/mod: 55 (NF-e)'),
  serie: z.number().int().describe('ide/serie'),
  numero: z.number().int().describe('ide/nNF, taken from the series'),
  chave_acesso: z
    .string()
    .length(44)
    .describe(
      'The chave de acesso (infNFe/@Id without "NFe"): cUF, AAMM, CNPJ, mod, serie, nNF, tpEmis, cNF, cDV',
    ),
  codigo_numerico: z.string().length(8).describe('ide/cNF, the random part of the chave'),
  tp_emis: z
    .string()
    .length(1)
    .describe(
      'ide/tpEmis, the mode it was issued in: 1 normal; 6 SVC-AN or 7 SVC-RS when its UF was in contingency (docs/contingency.md). A document issued normally and re-issued in SVC before it reached SEFAZ reads 6/7, with the chave of the SVC issue',
    ),
  status: z
    .string()
    .max(20)
    .describe(
      'assinada (signed; SEFAZ=off), processando (sent, no final answer yet), autorizada (SEFAZ cStat 100: valid), rejeitada (SEFAZ refused it, see rejeicao_codigo), denegada (SEFAZ denied its use), cancelada (cancelled after authorisation)',
    ),
  ambiente: AmbienteSchema.describe(
    'ide/tpAmb: homologacao (2, tests; no fiscal value) or producao (1)',
  ),
  rejeicao_codigo: z
    .string()
    .max(10)
    .nullable()
    .describe(
      "SEFAZ's cStat when rejeitada or denegada, else null; EMISSOR when the NF-e could never be sent and was given up before SEFAZ saw it (rejeicao_motivo says why)",
    ),
  rejeicao_motivo: z
    .string()
    .max(500)
    .nullable()
    .describe("SEFAZ's xMotivo when rejeitada or denegada, else null"),
  protocolo: z
    .string()
    .max(20)
    .nullable()
    .describe('protNFe/infProt/nProt, the authorisation protocol number; null until autorizada'),
  autorizada_em: DateTimeSchema.nullable().describe(
    'protNFe/infProt/dhRecbto, when SEFAZ authorised it (UTC); null until autorizada',
  ),
  created_at: DateTimeSchema.describe('When Emissor numbered and signed it (UTC)'),
});
export type FiscalDocumentRead = z.infer<typeof FiscalDocumentReadSchema>;

/** Filters and page of `GET /v1/documentos`; ordered by created_at then id, newest first. */
export const DocumentListQuerySchema = fastObject(
  z.object({
    tenant_ref: RefSchema.optional().describe('Only documents of this tenant'),
    branch_ref: RefSchema.optional().describe('Only documents of this branch'),
    status: z
      .string()
      .max(20)
      .optional()
      .describe('Only documents in this status (autorizada, rejeitada, processando, …)'),
    limit: queryInt({ min: 1, max: 200 }).default(50).describe('Page size, 1–200'),
    // Capped at the largest exact integer so a huge offset is a 422, not a database overflow.
    offset: queryInt({ min: 0, max: Number.MAX_SAFE_INTEGER })
      .default(0)
      .describe('How many documents to skip (newest first)'),
  }),
);
export type DocumentListQuery = z.infer<typeof DocumentListQuerySchema>;

export const DocumentIdParamsSchema = z.object({
  document_id: UuidSchema.describe('The `id` of the document'),
});
