import { z } from 'zod';

import { DateTimeSchema, UuidSchema } from './common.js';

/**
 * `TString` of the NF-e layouts: printable Latin-1 characters (space to ÿ), no line breaks and no
 * leading or trailing space. Text outside it would make SEFAZ refuse the whole message (215), so it
 * is a 422 here, before anything is stored or sent.
 */
const LAYOUT_TEXT = /^[!-ÿ]([ -ÿ]*[!-ÿ])?$/;

/** Text that goes into an event or inutilização as typed: `min`–`max` characters of `TString`. */
export function layoutText(min: number, max: number) {
  return z.string().min(min).max(max).regex(LAYOUT_TEXT, {
    message:
      'String should hold printable Latin-1 characters only, without line breaks or spaces at either end',
  });
}

/** `xJust` (TJust): why a document is cancelled or numbers are voided, 15–255 characters. */
export const JustificativaSchema = layoutText(15, 255).describe(
  '15–255 printable Latin-1 characters (no line breaks, no spaces at either end)',
);

export const CancelamentoRequestSchema = z.object({ justificativa: JustificativaSchema }).strict();
export type CancelamentoRequest = z.infer<typeof CancelamentoRequestSchema>;

/** `xCorrecao`: every correction at once (a new letter replaces the previous ones). */
export const CartaCorrecaoRequestSchema = z
  .object({
    correcao: layoutText(15, 1000).describe(
      '15–1000 printable Latin-1 characters; a new carta de correção replaces the previous ones, so it carries every correction',
    ),
  })
  .strict();
export type CartaCorrecaoRequest = z.infer<typeof CartaCorrecaoRequestSchema>;

export const FiscalEventTipoSchema = z.enum(['cancelamento', 'carta_correcao']);
export const FiscalEventStatusSchema = z.enum(['processando', 'registrado', 'rejeitado']);

/**
 * An event of a document: `processando` while it is being transmitted, `registrado` once SEFAZ
 * registered it (135, 136 or 155; `protocolo`, `registrado_em`), `rejeitado` with SEFAZ's code and
 * reason otherwise. A registered cancellation makes the document `cancelada`.
 */
export const FiscalEventReadSchema = z.object({
  id: UuidSchema,
  product_id: UuidSchema,
  document_id: UuidSchema,
  tipo: FiscalEventTipoSchema,
  /** nSeqEvento: 1 for a cancellation, 1–20 for cartas de correção. */
  sequencia: z.number().int().min(1).max(20),
  status: FiscalEventStatusSchema,
  protocolo: z.string().max(20).nullable(),
  registrado_em: DateTimeSchema.nullable(),
  rejeicao_codigo: z.string().max(10).nullable(),
  rejeicao_motivo: z.string().max(500).nullable(),
  created_at: DateTimeSchema,
});
export type FiscalEventRead = z.infer<typeof FiscalEventReadSchema>;

export const EventIdParamsSchema = z.object({ event_id: UuidSchema });
