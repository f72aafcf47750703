import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

// infIntermed: the marketplace or platform a sale went through (with ide/indIntermed 1).

export const IntermediadorField = fastObject(
  z.strictObject({
    cnpj: z
      .string()
      .describe(
        'infIntermed/CNPJ: the platform\'s CNPJ (check digits verified, SEFAZ 440). Example: "03562067000108"',
      ),
    identificador: z
      .string()
      .describe(
        'infIntermed/idCadIntTran: the seller\'s id (its account name) on the platform, 2–60 characters. Example: "LOJA-DO-ZE"',
      ),
  }),
)
  .nullable()
  .optional()
  .describe(
    "infIntermed: the marketplace of a sale on a third party's platform; required with ind_intermed 1 (SEFAZ 438) and only with it",
  );
