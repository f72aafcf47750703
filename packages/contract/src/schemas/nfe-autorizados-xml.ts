import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

// autXML: who else may download the NF-e's XML from SEFAZ (an accountant, a carrier, …).

const AutorizadoXmlSchema = fastObject(
  z.strictObject({
    cnpj: z
      .string()
      .nullable()
      .optional()
      .describe("autXML/CNPJ (check digits verified, SEFAZ 323; not the recipient's, 324)"),
    cpf: z
      .string()
      .nullable()
      .optional()
      .describe("autXML/CPF (check digits verified, SEFAZ 325; not the recipient's, 326)"),
  }),
).describe('One person or company allowed to download the XML: cnpj or cpf, not both');

export const AutorizadosXmlField = z
  .array(AutorizadoXmlSchema)
  .max(10)
  .nullable()
  .optional()
  .describe(
    'autXML: up to 10 others allowed to download the XML (the recipient always may). Example: [{"cnpj": "11222333000181"}]',
  );
