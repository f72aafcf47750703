import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

import { optionalString } from './common.js';
import { DecimalSchema } from './decimal.js';
import { observacaoSchema } from './nfe-informacoes-adicionais.js';

// What an item may carry beyond its product line and the groups of nfe-item-groups.ts: its other
// codes (own barcodes, NVE, the production scale and manufacturer, the FCI), the state's presumed
// ICMS credit, the packaging, two specific products (weapons, immune paper) and the item's notes.
// Lengths, patterns, check digits and SEFAZ's rules are the NF-e builder's to check.

export const CodigoBarrasField = optionalString().describe(
  'det/prod/cBarra: a barcode of the product that is not a GTIN (your own, or another standard), 3–30 characters; the GTIN stays in gtin. Example: "INT-0001"',
);

export const CodigoBarrasTributavelField = optionalString().describe(
  'det/prod/cBarraTrib: the barcode of the taxable unit that is not a GTIN, 3–30 characters. Example: "INT-TRIB-1"',
);

export const NveField = z
  .array(z.string())
  .max(8)
  .nullable()
  .optional()
  .describe(
    'det/prod/NVE: the Nomenclatura de Valor Aduaneiro e Estatística codes of the goods, up to 8, each two capital letters and four digits. Example: ["AA0001"]',
  );

export const EscalaRelevanteField = optionalString().describe(
  'det/prod/indEscala: "S" made at a relevant scale, "N" not (then cnpj_fabricante is required, SEFAZ 879) (Convênio ICMS 52/2017); written after the CEST, so it needs cest. Example: "S"',
);

export const CnpjFabricanteField = optionalString().describe(
  'det/prod/CNPJFab: the manufacturer\'s CNPJ (check digits verified, SEFAZ 489); required with escala_relevante N; needs cest. Example: "06929383000163"',
);

const CreditoPresumidoIcmsSchema = fastObject(
  z.strictObject({
    codigo: z
      .string()
      .describe(
        'gCred/cCredPresumido: the state\'s benefit code of the presumed credit, 8 or 10 characters. Example: "SP000207"',
      ),
    percentual: DecimalSchema.describe(
      'gCred/pCredPresumido: the credit in percent, up to 4 places. Example: "3"',
    ),
    valor: DecimalSchema.describe('gCred/vCredPresumido: the credit\'s value. Example: "15.00"'),
  }),
);

export const CreditosPresumidosIcmsField = z
  .array(CreditoPresumidoIcmsSchema)
  .max(4)
  .nullable()
  .optional()
  .describe(
    'det/prod/gCred: presumed ICMS credits the state grants on the item, up to 4 (NT 2019.001). Example: [{"codigo": "SP000207", "percentual": "3", "valor": "15.00"}]',
  );

export const NumeroFciField = optionalString().describe(
  'det/prod/nFCI: the number of the Ficha de Conteúdo de Importação of goods with imported content, a GUID in upper case. Example: "B01F70AF-10BF-4B1F-848C-65FF57F616FE"',
);

export const EmbalagemField = fastObject(
  z.strictObject({
    descricao: z
      .string()
      .describe('infProdEmb/xEmb: the packaging, 1–8 characters. Example: "CAIXA"'),
    quantidade: DecimalSchema.describe(
      'infProdEmb/qVolEmb: the volume of one package, up to 3 places. Example: "12.5"',
    ),
    unidade: z
      .string()
      .describe('infProdEmb/uEmb: the unit of that volume, 1–8 characters. Example: "L"'),
  }),
)
  .nullable()
  .optional()
  .describe('det/prod/infProdEmb: how the product is packed');

const ArmaSchema = fastObject(
  z.strictObject({
    tipo: z.string().describe('arma/tpArma: 0 permitted use, 1 restricted use. Example: "0"'),
    numero_serie: z
      .string()
      .describe('arma/nSerie: the weapon\'s serial number, 1–15 characters. Example: "SER-0001"'),
    numero_cano: z
      .string()
      .describe('arma/nCano: the barrel\'s serial number, 1–15 characters. Example: "CANO-0001"'),
    descricao: z
      .string()
      .describe(
        'arma/descr: the full description (make, calibre, type…), 1–256 characters. Example: "PISTOLA CAL .380"',
      ),
  }),
);

export const ArmasField = z
  .array(ArmaSchema)
  .max(500)
  .nullable()
  .optional()
  .describe(
    'det/prod/arma: the weapons sold, one entry each, up to 500; instead of veiculo, medicamento, combustivel and numero_recopi (prod holds one specific product group)',
  );

export const NumeroRecopiField = optionalString().describe(
  'det/prod/nRECOPI: the RECOPI registration of a sale of immune paper, 20 digits; instead of veiculo, medicamento, armas and combustivel. Example: "20261121103000000123"',
);

export const ObservacaoContribuinteItemField = observacaoSchema('obsItem/obsCont')
  .nullable()
  .optional()
  .describe(
    'det/obsItem/obsCont: a note on the item for the buyer\'s systems. Example: {"campo": "Lote", "texto": "Conferido"}',
  );

export const ObservacaoFiscoItemField = observacaoSchema('obsItem/obsFisco')
  .nullable()
  .optional()
  .describe('det/obsItem/obsFisco: a note on the item for the tax authority');
