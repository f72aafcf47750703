import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

import { DecimalSchema } from './decimal.js';

// The `cobranca` group of an emission (NF-e `cobr`): the invoice and its instalments. The rules
// SEFAZ checks between them (numbering, due dates, sums) are the NF-e builder's.

export const FaturaPayloadSchema = fastObject(
  z.strictObject({
    numero: z.string().describe('cobr/fat/nFat: the invoice number, 1–60 characters'),
    valor_original: DecimalSchema.describe('cobr/fat/vOrig: the invoice value before discount'),
    valor_desconto: DecimalSchema.nullable()
      .optional()
      .describe('cobr/fat/vDesc: the discount; absent means none'),
    valor_liquido: DecimalSchema.describe(
      'cobr/fat/vLiq: valor_original − valor_desconto (SEFAZ 902); the duplicatas add up to it (SEFAZ 851)',
    ),
  }),
);

export const DuplicataPayloadSchema = fastObject(
  z.strictObject({
    numero: z.string().describe('cobr/dup/nDup: "001", "002", … in order (SEFAZ 852)'),
    vencimento: z
      .string()
      .describe(
        'cobr/dup/dVenc: due date YYYY-MM-DD, not before the issue date (SEFAZ 900), not before the previous instalment (850), at most 10 years ahead (797); a single instalment due on the issue date is a cash sale and is refused (853). Example: "2026-12-21"',
      ),
    valor: DecimalSchema.describe('cobr/dup/vDup: the instalment, above 0'),
  }),
);

export const CobrancaPayloadSchema = fastObject(
  z.strictObject({
    fatura: FaturaPayloadSchema.nullable()
      .optional()
      .describe('cobr/fat: the invoice, which every cobr names (SEFAZ 905)'),
    duplicatas: z
      .array(DuplicataPayloadSchema)
      .max(120)
      .nullable()
      .optional()
      .describe(
        'cobr/dup: up to 120 instalments, which need the fatura and add up to its valor_liquido (SEFAZ 851)',
      ),
  }),
);
export type CobrancaPayload = z.infer<typeof CobrancaPayloadSchema>;

/** `cobranca` of an emission; absent means no cobr. */
export const CobrancaField = CobrancaPayloadSchema.nullable()
  .optional()
  .describe(
    'cobr: the invoice (fatura) and its instalments (duplicatas) of a sale on credit; null or omitted for none',
  );
