import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

import { CnpjSchema, optionalString } from './common.js';
import { DecimalSchema } from './decimal.js';

// The `transporte` group of an emission (NF-e `transp`). Lengths, patterns and check digits are the
// NF-e builder's to check, so the contract and the layout cannot disagree; this file holds the
// shape, the freight modes the spec fixes and what each field becomes in the XML.

export const TransportadoraPayloadSchema = fastObject(
  z.strictObject({
    cnpj: CnpjSchema.nullable()
      .optional()
      .describe(
        'transp/transporta/CNPJ: the carrier\'s CNPJ (check digits verified, SEFAZ 542); give cnpj or cpf, not both. With modalidade_frete 3 it is the sender (same CNPJ root, SEFAZ 846); with 0 or 4 not the emitter of goods leaving (847); with 4 the recipient (848). Example: "33333333000191"',
      ),
    cpf: optionalString().describe(
      'transp/transporta/CPF: a carrier who is a person, 11 digits (check digits verified, SEFAZ 543)',
    ),
    nome: optionalString().describe(
      'transp/transporta/xNome: name, 2–60 characters. Example: "TRANSPORTADORA RAPIDA LTDA"',
    ),
    ie: optionalString().describe(
      'transp/transporta/IE: state registration, 2–14 digits or ISENTO; with it `uf` is required (SEFAZ 559)',
    ),
    endereco: optionalString().describe(
      'transp/transporta/xEnder: the full address in one line, 1–60 characters',
    ),
    municipio: optionalString().describe('transp/transporta/xMun: city, 1–60 characters'),
    uf: optionalString().describe(
      'transp/transporta/UF: two-letter state, or EX for a foreign carrier',
    ),
  }),
);

export const RetencaoIcmsTransportePayloadSchema = fastObject(
  z.strictObject({
    valor_servico: DecimalSchema.describe('transp/retTransp/vServ: value of the freight service'),
    base_calc: DecimalSchema.describe('transp/retTransp/vBCRet: base of the ICMS withheld'),
    aliquota: DecimalSchema.describe(
      'transp/retTransp/pICMSRet: rate of the ICMS withheld, percent',
    ),
    valor: DecimalSchema.describe('transp/retTransp/vICMSRet: ICMS withheld'),
    cfop: z.string().describe('transp/retTransp/CFOP: CFOP of the freight service, e.g. "5352"'),
    municipio_ibge_code: z
      .string()
      .describe(
        'transp/retTransp/cMunFG: 7-digit IBGE code of the city where the freight service took place',
      ),
  }),
);

export const VeiculoTransportePayloadSchema = fastObject(
  z.strictObject({
    placa: z
      .string()
      .describe(
        'TVeiculo/placa: the plate in capitals without separators, old (ABC1234) or Mercosul (ABC1D23)',
      ),
    uf: optionalString().describe('TVeiculo/UF: the state where the vehicle is licensed'),
    rntc: optionalString().describe('TVeiculo/RNTC: registration at ANTT, 1–20 characters'),
  }),
);

export const VolumePayloadSchema = fastObject(
  z.strictObject({
    quantidade: DecimalSchema.nullable()
      .optional()
      .describe('transp/vol/qVol: how many volumes, a whole number. Example: 12'),
    especie: optionalString().describe(
      'transp/vol/esp: the kind of volume, 1–60 characters. Example: "CAIXA"',
    ),
    marca: optionalString().describe('transp/vol/marca: brand on the volumes, 1–60 characters'),
    numeracao: optionalString().describe(
      'transp/vol/nVol: numbering of the volumes, 1–60 characters. Example: "1-12"',
    ),
    peso_liquido_kg: DecimalSchema.nullable()
      .optional()
      .describe('transp/vol/pesoL: net weight in kg, up to 3 decimal places. Example: "100.500"'),
    peso_bruto_kg: DecimalSchema.nullable()
      .optional()
      .describe('transp/vol/pesoB: gross weight in kg, up to 3 decimal places. Example: "110.125"'),
    lacres: z
      .array(z.string().describe('transp/vol/lacres/nLacre: one seal number, 1–60 characters'))
      .max(5000)
      .nullable()
      .optional()
      .describe('transp/vol/lacres: the seals of these volumes'),
  }),
);

export const FreightModeSchema = z.enum(['0', '1', '2', '3', '4', '9']);

export const TransportePayloadSchema = fastObject(
  z.strictObject({
    modalidade_frete: FreightModeSchema.describe(
      'transp/modFrete: 0 contracted by the sender (CIF), 1 contracted by the recipient (FOB), 2 by a third party, 3 own transport of the sender, 4 own transport of the recipient, 9 no transport. With 9 there is no transportadora (SEFAZ 845)',
    ),
    transportadora: TransportadoraPayloadSchema.nullable()
      .optional()
      .describe('transp/transporta: the carrier'),
    retencao_icms: RetencaoIcmsTransportePayloadSchema.nullable()
      .optional()
      .describe('transp/retTransp: ICMS withheld on the freight service'),
    veiculo: VeiculoTransportePayloadSchema.nullable()
      .optional()
      .describe(
        'transp/veicTransp: the road vehicle; not in an interstate operation, where the MDF-e names it (SEFAZ 868)',
      ),
    reboques: z
      .array(VeiculoTransportePayloadSchema)
      .max(5)
      .nullable()
      .optional()
      .describe('transp/reboque: up to 5 trailers; not in an interstate operation (SEFAZ 868)'),
    vagao: optionalString().describe(
      'transp/vagao: the railway wagon, 1–20 characters (instead of veiculo/reboques)',
    ),
    balsa: optionalString().describe(
      'transp/balsa: the barge, 1–20 characters (instead of veiculo/reboques)',
    ),
    volumes: z
      .array(VolumePayloadSchema)
      .max(5000)
      .nullable()
      .optional()
      .describe('transp/vol: the volumes carried, up to 5000'),
  }),
);
export type TransportePayload = z.infer<typeof TransportePayloadSchema>;

/** `transporte` of an emission; absent means transp with modFrete 9 only. */
export const TransporteField = TransportePayloadSchema.nullable()
  .optional()
  .describe(
    'transp: freight mode, carrier, vehicles and volumes; null or omitted for modFrete 9 (no transport) and nothing else',
  );
