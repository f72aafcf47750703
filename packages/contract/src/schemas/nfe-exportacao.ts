import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

// exporta: where the goods of an export leave the country.

export const ExportacaoField = fastObject(
  z.strictObject({
    uf_embarque: z
      .string()
      .describe(
        'exporta/UFSaidaPais: the state where the goods embark or cross the border. Example: "SP"',
      ),
    local_embarque: z
      .string()
      .describe(
        'exporta/xLocExporta: the port, airport or border post, 1–60 characters. Example: "Porto de Santos"',
      ),
    local_despacho: z
      .string()
      .nullable()
      .optional()
      .describe('exporta/xLocDespacho: where customs clear the goods, 1–60 characters'),
  }),
)
  .nullable()
  .optional()
  .describe('exporta: only in an operation abroad (uf_destino_tipo exterior, SEFAZ 356)');
