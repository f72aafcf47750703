import { z } from 'zod';

import { DateTimeSchema, UuidSchema } from './common.js';

/**
 * `TString` of the NF-e layouts: printable Latin-1 characters (space to ÿ), no line breaks and no
 * leading or trailing space. Text outside it would make SEFAZ refuse the whole message (215), so it
 * is a 422 here, before anything is stored or sent. The layout's pattern admits DEL and the C1
 * controls (U+007F–U+009F); they are control characters, never text a person meant, so they are
 * refused too, as in the NF-e's own text fields (@emissor/nfe-xml).
 */
const LAYOUT_TEXT = /^[\x21-\x7e\xa0-\xff](?:[\x20-\x7e\xa0-\xff]*[\x21-\x7e\xa0-\xff])?$/;

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

export const CancelamentoRequestSchema = z
  .object({
    justificativa: JustificativaSchema.describe(
      'detEvento/xJust of the cancellation (event 110111): why the NF-e is cancelled, 15–255 printable Latin-1 characters (no line breaks, no spaces at either end)',
    ),
  })
  .strict();
export type CancelamentoRequest = z.infer<typeof CancelamentoRequestSchema>;

/** `xCorrecao`: every correction at once (a new letter replaces the previous ones). */
export const CartaCorrecaoRequestSchema = z
  .object({
    correcao: layoutText(15, 1000).describe(
      'detEvento/xCorrecao of the carta de correção (event 110110): 15–1000 printable Latin-1 characters; a new letter replaces the previous ones, so it carries every correction. It may not change values that set the tax, the parties or the date (xCondUso, fixed by the schema, says so)',
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
  id: UuidSchema.describe('The event id (path of /v1/eventos/{event_id})'),
  product_id: UuidSchema.describe('The product (API key owner) that sent it'),
  document_id: UuidSchema.describe(
    'The document (NF-e) the event is about; its chNFe is the chave',
  ),
  tipo: FiscalEventTipoSchema.describe(
    'detEvento/descEvento: cancelamento (tpEvento 110111) or carta_correcao (tpEvento 110110)',
  ),
  sequencia: z
    .number()
    .int()
    .min(1)
    .max(20)
    .describe('infEvento/nSeqEvento: 1 for a cancellation, 1–20 for the cartas de correção'),
  status: FiscalEventStatusSchema.describe(
    "processando (signed and queued or sent, no final answer yet), registrado (SEFAZ's retEvento cStat 135, 136 or 155; a registered cancellation makes the document cancelada), rejeitado (SEFAZ refused it, see rejeicao_codigo)",
  ),
  protocolo: z
    .string()
    .max(20)
    .nullable()
    .describe('retEvento/infEvento/nProt, the registration protocol number; null until registrado'),
  registrado_em: DateTimeSchema.nullable().describe(
    'retEvento/infEvento/dhRegEvento, when SEFAZ registered it (UTC); null until registrado',
  ),
  rejeicao_codigo: z
    .string()
    .max(10)
    .nullable()
    .describe("SEFAZ's retEvento cStat when rejeitado (e.g. 573 duplicate event), else null"),
  rejeicao_motivo: z
    .string()
    .max(500)
    .nullable()
    .describe("SEFAZ's retEvento xMotivo when rejeitado, else null"),
  created_at: DateTimeSchema.describe('When Emissor signed and queued it (UTC)'),
});
export type FiscalEventRead = z.infer<typeof FiscalEventReadSchema>;

export const EventIdParamsSchema = z.object({
  event_id: UuidSchema.describe('The `id` of the event'),
});
