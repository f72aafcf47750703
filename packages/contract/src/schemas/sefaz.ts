import { z } from 'zod';

import { AmbienteSchema, DateTimeSchema, RefSchema } from './common.js';

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
  tenant_ref: RefSchema,
  branch_ref: RefSchema,
  uf: UfSchema.describe('The UF whose authoriser is asked (SP → SEFAZ-SP, SC → SVRS, …)'),
  ambiente: AmbienteSchema,
});
export type SefazStatusQuery = z.infer<typeof SefazStatusQuerySchema>;

/**
 * The answer of `NFeStatusServico4` for an authoriser and ambiente, as last consulted. Answers
 * are shared for at least 3 minutes per authoriser and ambiente across every API process (SEFAZ
 * treats repeated status calls as consumo indevido, 656), so `consultado_em` may be earlier than
 * the request.
 */
export const SefazStatusReadSchema = z.object({
  uf: UfSchema,
  ambiente: AmbienteSchema,
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
});
export type SefazStatusRead = z.infer<typeof SefazStatusReadSchema>;
