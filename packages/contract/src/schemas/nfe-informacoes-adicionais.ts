import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

import { optionalString } from './common.js';

// infAdic: the document's free texts, named fields and referenced processes. Lengths and list
// sizes are the NF-e builder's to check.

/** One named note (obsCont/obsFisco) at `path`, of the document's infAdic or of an item's obsItem. */
export const observacaoSchema = (path: string) =>
  fastObject(
    z.strictObject({
      campo: z.string().describe(`${path}/@xCampo: the note's name, 1–20 characters`),
      texto: z.string().describe(`${path}/xTexto: its text, 1–60 characters`),
    }),
  );

const ProcessoSchema = fastObject(
  z.strictObject({
    numero: z.string().describe('infAdic/procRef/nProc: the process or act, 1–60 characters'),
    origem: z
      .string()
      .describe(
        'infAdic/procRef/indProc: 0 SEFAZ, 1 Justiça Federal, 2 Justiça Estadual, 3 Secex/RFB, 4 CONFAZ, 9 others',
      ),
    tipo_ato: optionalString().describe(
      'infAdic/procRef/tpAto, for a SEFAZ act: 08 termo de acordo, 10 regime especial, 12 autorização específica, 14 ajuste SINIEF, 15 convênio ICMS',
    ),
  }),
);

export const InformacoesAdicionaisField = fastObject(
  z.strictObject({
    fisco: optionalString().describe(
      'infAdic/infAdFisco: information of interest to the tax authority, up to 2000 characters',
    ),
    contribuinte: optionalString().describe(
      'infAdic/infCpl: complementary information printed on the DANFE, up to 5000 characters. Example: "Pedido 123. Entrega agendada."',
    ),
    observacoes_contribuinte: z
      .array(observacaoSchema('infAdic/obsCont'))
      .max(10)
      .nullable()
      .optional()
      .describe(
        'infAdic/obsCont: up to 10 named fields for the taxpayer. Example: [{"campo": "Vendedor", "texto": "Maria"}]',
      ),
    observacoes_fisco: z
      .array(observacaoSchema('infAdic/obsFisco'))
      .max(10)
      .nullable()
      .optional()
      .describe('infAdic/obsFisco: up to 10 named fields for the tax authority'),
    processos: z
      .array(ProcessoSchema)
      .max(100)
      .nullable()
      .optional()
      .describe('infAdic/procRef: up to 100 referenced processes or acts'),
  }),
)
  .nullable()
  .optional()
  .describe(
    'infAdic: additional information of the document. Example: {"contribuinte": "Documento emitido por ME ou EPP optante pelo Simples Nacional", "fisco": "Regime especial 123/2026"}',
  );
