import { z } from 'zod';

// Fields of an emission's ide beyond the spec's request: the direction of the goods, when they
// leave or enter, and whether a marketplace intermediated the sale. Formats and the rules that tie
// them to the rest of the document are the NF-e builder's to check.

// No zod default: a parsed body without tp_nf keeps its JSON (and so the idempotency fingerprint of
// documents issued before the field existed); the builder writes 1 when it is absent.
export const TpNfField = z
  .string()
  .optional()
  .describe(
    'ide/tpNF: "1" saída, goods leaving (the default when absent); "0" entrada, goods entering (the emitter receives them: a return from a buyer, a purchase from a producer, an import). The items\' fiscal_result.cfop must go the same way: 5xxx–7xxx for 1, 1xxx–3xxx for 0 (SEFAZ 518/519)',
  );

export const DataSaidaEntradaField = z
  .string()
  .nullable()
  .optional()
  .describe(
    'ide/dhSaiEnt: when the goods leave (or enter), ISO 8601 with seconds and an offset; written in the emitter state\'s offset. On a saída not before the instant of issue (SEFAZ 506), and within 30 days of it either way (504/505). Example: "2026-11-21T19:30:00-03:00"',
  );

export const IndIntermedField = z
  .string()
  .nullable()
  .optional()
  .describe(
    'ide/indIntermed: "0" a sale on the emitter\'s own site or without an intermediary, "1" a sale on a third party\'s platform (marketplace), which then requires `intermediador`. Required on a normal outgoing sale (tp_nf 1, fin_nfe 1) not made in person, ind_pres 2, 3, 4 or 9, except communication and energy services (CFOP 5205–5207, 5251–5258, 5301–5307) (SEFAZ 434); "1" only with ind_pres 1, 2, 3, 4 or 9 (435)',
  );
