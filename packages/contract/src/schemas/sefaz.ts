import { z } from 'zod';

import { AmbienteSchema, BranchRefSchema, DateTimeSchema, TenantRefSchema } from './common.js';

/** The 27 units of the federation, by their two-letter codes. */
export const UF_CODES = [
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA',
  'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO',
] as const; // prettier-ignore

/** A UF (`SP`, `RS`, …); anything else is a 422 `literal_error`. */
export const UfSchema = z.enum(UF_CODES);
export type Uf = z.infer<typeof UfSchema>;

/** `GET /v1/sefaz/status`: whose certificate asks, and which authoriser (by UF) and ambiente. */
export const SefazStatusQuerySchema = z.object({
  tenant_ref: TenantRefSchema,
  branch_ref: BranchRefSchema,
  uf: UfSchema.describe('The UF whose authoriser is asked (SP → SEFAZ-SP, SC → SVRS, …)'),
  ambiente: AmbienteSchema.describe('tpAmb asked about: homologacao (2) or producao (1)'),
});
export type SefazStatusQuery = z.infer<typeof SefazStatusQuerySchema>;

/**
 * The answer of `NFeStatusServico4` for an authoriser and ambiente, as last consulted. Answers
 * are shared for 3 minutes per authoriser and ambiente across every API process (SEFAZ treats
 * repeated status calls as consumo indevido, 656), so `consultado_em` may be earlier than the
 * request; `idade_s` (and the `Age` header) says by how much.
 */
export const SefazStatusReadSchema = z.object({
  uf: UfSchema.describe('cUF of the answer, as a UF code'),
  ambiente: AmbienteSchema.describe('tpAmb of the answer: homologacao (2) or producao (1)'),
  autorizador: z
    .string()
    .describe(
      'Who serves the UF: its own SEFAZ (e.g. SP) or SVRS / SVAN; `SEFAZ_URL` when every service is overridden',
    ),
  codigo: z
    .string()
    .describe('cStat: 107 in operation, 108 / 109 stopped, 656 consumo indevido, or a rejection'),
  motivo: z.string().describe('xMotivo as SEFAZ wrote it'),
  tempo_medio_s: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .describe('tMed: average answer time of the last 5 minutes, in seconds (null when not sent)'),
  consultado_em: DateTimeSchema.describe('When SEFAZ answered this (UTC)'),
  idade_s: z
    .number()
    .int()
    .nonnegative()
    .describe(
      'How old the answer is, in whole seconds, as measured when it was sent: 0 when SEFAZ was asked for this request, up to 180 while the answer is shared. The `Age` header says the same',
    ),
  modo: z
    .enum(['normal', 'svc-an', 'svc-rs'])
    .describe(
      "How this service issues the UF's NF-e now: normal (tpEmis 1, to the authoriser) or in SVC contingency (tpEmis 6 SVC-AN / 7 SVC-RS, to the SVC) while the authoriser is down (docs/contingency.md)",
    ),
  modo_desde: DateTimeSchema.nullable().describe(
    'Since when the UF is in SVC (ide/dhCont of its NF-e), or since when it is back to normal after its last contingency; null when it never was in contingency',
  ),
  modo_motivo: z
    .string()
    .nullable()
    .describe('ide/xJust of the NF-e issued in SVC; null in normal mode'),
});
export type SefazStatusRead = z.infer<typeof SefazStatusReadSchema>;
