import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

import { CnpjSchema, optionalString } from './common.js';
import { DecimalSchema, optionalDecimal } from './decimal.js';

// An item's groups beyond the product line (NF-e det/prod and det): its charges, the purchase order,
// import declarations, export details, batches, the specific product groups (medicine, fuel, new
// vehicle) and the taxes returned with goods. Lengths, patterns, check digits and SEFAZ's rules
// are the NF-e builder's to check, so the contract and the layout cannot disagree; this file holds
// the shape and what each field becomes in the XML.

/** The item-level money fields (TDec_1302Opc): above 0 when written; 0 writes no element. */
export const itemCharge = (tag: string, what: string, example: string) =>
  optionalDecimal().describe(
    `det/prod/${tag}: ${what}, up to 2 decimal places; summed into total/ICMSTot/${tag} and vNF (and the item's vItem). 0 or absent writes none. Example: "${example}"`,
  );

export const PedidoCompraPayloadSchema = fastObject(
  z.strictObject({
    numero: z
      .string()
      .describe('det/prod/xPed: the buyer\'s order, 1–15 characters. Example: "PED-2026/0001"'),
    item: optionalString().describe(
      'det/prod/nItemPed: the item of that order, 1–6 digits. Example: "000010"',
    ),
  }),
);

export const AdicaoImportacaoPayloadSchema = fastObject(
  z.strictObject({
    numero: optionalString().describe(
      'DI/adi/nAdicao: the addition, 1–999 (optional since the DUIMP). Example: "1"',
    ),
    sequencial: z
      .string()
      .describe('DI/adi/nSeqAdic: the item\'s sequence in the addition, 1–99999. Example: "1"'),
    codigo_fabricante: z
      .string()
      .describe("DI/adi/cFabricante: the foreign manufacturer's code, 1–60 characters"),
    valor_desconto: optionalDecimal().describe(
      'DI/adi/vDescDI: the discount of the addition, up to 2 places; 0 or absent writes none',
    ),
    numero_drawback: optionalString().describe(
      'DI/adi/nDraw: the drawback concession act, 9 digits (isenção) or 11 (suspensão) (SEFAZ 335). Example: "20260000011"',
    ),
  }),
);

export const DeclaracaoImportacaoPayloadSchema = fastObject(
  z.strictObject({
    numero: z
      .string()
      .describe(
        'DI/nDI: the DI, DSI, DIRE or DUIMP number, 1–15 characters. Example: "2601234567"',
      ),
    data_registro: z.string().describe('DI/dDI: when it was registered, YYYY-MM-DD'),
    local_desembaraco: z
      .string()
      .describe(
        'DI/xLocDesemb: where the goods cleared customs, 1–60 characters. Example: "PORTO DE SANTOS"',
      ),
    uf_desembaraco: z
      .string()
      .describe('DI/UFDesemb: the state where they cleared customs. Example: "SP"'),
    data_desembaraco: z.string().describe('DI/dDesemb: when they cleared customs, YYYY-MM-DD'),
    via_transporte: z
      .string()
      .describe(
        'DI/tpViaTransp: 1 maritime (needs valor_afrmm, SEFAZ 330), 2 river, 3 lake, 4 air, 5 post, 6 rail, 7 road, 8 pipeline, 9 own means, 10 fictitious, 11 courier, 12 in hand, 13 towed',
      ),
    valor_afrmm: optionalDecimal().describe(
      'DI/vAFRMM: the merchant marine renewal charge (required by sea). Example: "123.45"',
    ),
    forma_intermedio: z
      .string()
      .describe(
        'DI/tpIntermedio: 1 on own account, 2 on behalf of a buyer, 3 to order (2 and 3 need cnpj or cpf and uf_terceiro, SEFAZ 331/333)',
      ),
    cnpj: CnpjSchema.nullable()
      .optional()
      .describe(
        'DI/CNPJ: the buyer or the one who ordered the import (check digits verified, SEFAZ 332)',
      ),
    cpf: optionalString().describe('DI/CPF: that buyer when a person, instead of cnpj'),
    uf_terceiro: optionalString().describe('DI/UFTerceiro: that buyer\'s state. Example: "RJ"'),
    codigo_exportador: z.string().describe("DI/cExportador: the exporter's code, 1–60 characters"),
    adicoes: z.array(AdicaoImportacaoPayloadSchema).describe('DI/adi: the additions, 1 to 999'),
  }),
);

export const ExportacaoIndiretaPayloadSchema = fastObject(
  z.strictObject({
    numero_registro: optionalString().describe(
      'detExport/exportInd/nRE: the export registration, up to 12 digits (absent writes an empty nRE)',
    ),
    chave_acesso: z
      .string()
      .describe(
        'detExport/exportInd/chNFe: the chave of the NF-e (model 55) by which the goods were received for export, with a right check digit (SEFAZ 342/343); it must also be in documentos_referenciados (SEFAZ 345)',
      ),
    quantidade: DecimalSchema.describe(
      "detExport/exportInd/qExport: the quantity exported, up to 4 places; the item's indirect exports add up to its quantidade (SEFAZ 346)",
    ),
  }),
);

export const DetalheExportacaoPayloadSchema = fastObject(
  z.strictObject({
    numero_drawback: optionalString().describe(
      'detExport/nDraw: the drawback concession act, 9 or 11 digits (SEFAZ 339)',
    ),
    exportacao_indireta: ExportacaoIndiretaPayloadSchema.nullable()
      .optional()
      .describe(
        'detExport/exportInd: goods exported through a trading company (CFOP 7501 and 3503 need it, SEFAZ 340)',
      ),
  }),
);

export const RastroPayloadSchema = fastObject(
  z.strictObject({
    lote: z.string().describe('rastro/nLote: the batch, 1–20 characters. Example: "L-2026/01"'),
    quantidade: DecimalSchema.describe(
      'rastro/qLote: how much of the item is of the batch, up to 3 places',
    ),
    data_fabricacao: z
      .string()
      .describe('rastro/dFab: YYYY-MM-DD, not after the issue date (SEFAZ 877)'),
    data_validade: z
      .string()
      .describe('rastro/dVal: YYYY-MM-DD, not before data_fabricacao (SEFAZ 870)'),
    codigo_agregacao: optionalString().describe(
      'rastro/cAgreg: the aggregation code, 1–20 characters',
    ),
  }),
);

export const MedicamentoPayloadSchema = fastObject(
  z.strictObject({
    codigo_anvisa: z
      .string()
      .describe('med/cProdANVISA: the 11- or 13-digit ANVISA registration, or ISENTO'),
    motivo_isencao: optionalString().describe(
      'med/xMotivoIsencao: for an exempt medicine, the ANVISA decision exempting it, 1–255 characters',
    ),
    preco_maximo_consumidor: DecimalSchema.describe(
      'med/vPMC: the maximum price to the consumer. Example: "55.90"',
    ),
  }),
);

const CidePayloadSchema = fastObject(
  z.strictObject({
    quantidade_base: DecimalSchema.describe(
      'comb/CIDE/qBCProd: the quantity taxed, up to 4 places',
    ),
    aliquota: DecimalSchema.describe('comb/CIDE/vAliqProd: reais per unit, up to 4 places'),
    valor: DecimalSchema.describe('comb/CIDE/vCIDE'),
  }),
);

const EncerrantePayloadSchema = fastObject(
  z.strictObject({
    bico: z.string().describe('comb/encerrante/nBico: the nozzle, 1–3 digits'),
    bomba: optionalString().describe('comb/encerrante/nBomba: the pump, 1–3 digits'),
    tanque: z.string().describe('comb/encerrante/nTanque: the tank, 1–3 digits'),
    valor_inicial: DecimalSchema.describe(
      'comb/encerrante/vEncIni: the meter before, up to 3 places',
    ),
    valor_final: DecimalSchema.describe(
      'comb/encerrante/vEncFin: the meter after, above valor_inicial (SEFAZ 380)',
    ),
  }),
);

const OrigemCombustivelPayloadSchema = fastObject(
  z.strictObject({
    importado: z.string().describe('comb/origComb/indImport: 0 national, 1 imported'),
    uf: z
      .string()
      .describe(
        'comb/origComb/cUFOrig: the state of origin, as letters ("SP") or its IBGE code ("35")',
      ),
    percentual: DecimalSchema.describe(
      'comb/origComb/pOrig: percent from that state, above 0 and up to 100',
    ),
  }),
);

export const CombustivelPayloadSchema = fastObject(
  z.strictObject({
    codigo_anp: z
      .string()
      .describe('comb/cProdANP: the ANP product code, 9 digits. Example: "320102001"'),
    descricao_anp: z
      .string()
      .describe(
        'comb/descANP: the ANP description of the product, 2–95 characters. Example: "GASOLINA C COMUM"',
      ),
    percentual_glp: optionalDecimal().describe(
      'comb/pGLP: percent of LPG from petroleum (cProdANP 210203001), 0–100',
    ),
    percentual_gas_natural_nacional: optionalDecimal().describe(
      'comb/pGNn: percent of national natural gas, 0–100',
    ),
    percentual_gas_natural_importado: optionalDecimal().describe(
      'comb/pGNi: percent of imported natural gas, 0–100',
    ),
    valor_partida: optionalDecimal().describe('comb/vPart: the starting value per kg without ICMS'),
    codif: optionalString().describe('comb/CODIF: the state CODIF authorisation, 1–21 digits'),
    quantidade_temperatura_ambiente: optionalDecimal().describe(
      'comb/qTemp: the quantity billed at ambient temperature, up to 4 places',
    ),
    uf_consumo: z
      .string()
      .describe('comb/UFCons: the state where it is consumed, or EX. Example: "SP"'),
    cide: CidePayloadSchema.nullable().optional().describe('comb/CIDE'),
    encerrante: EncerrantePayloadSchema.nullable()
      .optional()
      .describe('comb/encerrante: the pump meter readings of a sale at the pump'),
    percentual_biodiesel: optionalDecimal().describe(
      'comb/pBio: percent of biodiesel in diesel B, above 0 and up to 100',
    ),
    origens: z
      .array(OrigemCombustivelPayloadSchema)
      .nullable()
      .optional()
      .describe('comb/origComb: where the fuel comes from, up to 30'),
  }),
);

export const VeiculoPayloadSchema = fastObject(
  z.strictObject({
    tipo_operacao: z
      .string()
      .describe(
        'veicProd/tpOp: 1 dealer sale, 2 direct billing (needs entrega, SEFAZ 478), 3 direct sale, 0 other',
      ),
    chassi: z
      .string()
      .describe('veicProd/chassi: the VIN, 17 of A–Z and 0–9. Example: "9BWZZZ377VT004251"'),
    codigo_cor: z.string().describe("veicProd/cCor: the maker's colour code, 1–4 characters"),
    descricao_cor: z.string().describe('veicProd/xCor: the colour, 1–40 characters'),
    potencia: z.string().describe('veicProd/pot: engine power in CV, 1–4 characters'),
    cilindradas: z.string().describe('veicProd/cilin: displacement in cc, 1–4 characters'),
    peso_liquido: z.string().describe('veicProd/pesoL: net weight, 1–9 characters'),
    peso_bruto: z.string().describe('veicProd/pesoB: gross weight, 1–9 characters'),
    serie: z.string().describe('veicProd/nSerie: serial, 1–9 characters'),
    tipo_combustivel: z
      .string()
      .describe('veicProd/tpComb: RENAVAM fuel type, 1–2 characters (16 álcool/gasolina)'),
    numero_motor: z.string().describe('veicProd/nMotor: engine number, 1–21 characters'),
    capacidade_tracao: z
      .string()
      .describe('veicProd/CMT: maximum traction in tonnes, 1–9 characters'),
    distancia_eixos: z.string().describe('veicProd/dist: wheelbase, 1–4 characters'),
    ano_modelo: z.string().describe('veicProd/anoMod: model year, 4 digits'),
    ano_fabricacao: z.string().describe('veicProd/anoFab: year of manufacture, 4 digits'),
    tipo_pintura: z.string().describe('veicProd/tpPint: paint type, 1 character'),
    tipo_veiculo: z.string().describe('veicProd/tpVeic: RENAVAM vehicle type, 1–2 digits'),
    especie_veiculo: z.string().describe('veicProd/espVeic: RENAVAM species, 1 digit'),
    condicao_vin: z.string().describe('veicProd/VIN: R re-stamped, N normal'),
    condicao_veiculo: z
      .string()
      .describe('veicProd/condVeic: 1 finished, 2 unfinished, 3 semi-finished'),
    codigo_marca_modelo: z.string().describe('veicProd/cMod: RENAVAM make/model code, 1–6 digits'),
    cor_denatran: z
      .string()
      .describe('veicProd/cCorDENATRAN: DENATRAN colour, 1–2 digits (01 yellow … 16 fantasy)'),
    lotacao: z.string().describe('veicProd/lota: seats including the driver, 1–3 digits'),
    restricao: z
      .string()
      .describe(
        'veicProd/tpRest: 0 none, 1 fiduciary alienation, 2 leasing, 3 title retention, 4 pledge, 9 other',
      ),
  }),
);

export const DevolucaoPayloadSchema = fastObject(
  z.strictObject({
    percentual: DecimalSchema.describe(
      'impostoDevol/pDevol: percent of the goods returned, 0–100 with up to 2 places. Example: "100"',
    ),
    valor_ipi_devolvido: optionalDecimal().describe(
      'impostoDevol/IPI/vIPIDevol: the IPI returned, summed into ICMSTot/vIPIDevol and vNF; absent writes 0.00',
    ),
  }),
);

/** The item's groups, as the OpenAPI document shows them. */
export const ITEM_GROUPS_DESCRIPTION = `
Item groups (all optional; absent means a plain item). Charges: \`valor_desconto\` (vDesc, at most vProd,
SEFAZ 483), \`valor_frete\`, \`valor_seguro\`, \`valor_outras_despesas\` are summed into ICMSTot and vNF
(vNF = vProd − vDesc + vFrete + vSeg + vOutro + the taxes the layout adds); \`incluir_no_total\` "0"
keeps the item's vProd out of ICMSTot/vProd (its charges still count). Specific product: one of
\`medicamento\` (needs \`rastreabilidade\`, SEFAZ 873), \`combustivel\`, \`veiculo\`. An import CFOP (3xxx but
3201, 3202, 3503, 3553) needs \`importacao\` (SEFAZ 525); \`devolucao\` belongs to fin_nfe 4 (SEFAZ 354).
A broken SEFAZ rule is a 422 of type \`nfe_rule\` at the field, its msg naming the rejection code.

Example: {"valor_desconto": "10.00", "valor_frete": "5.00", "pedido_compra": {"numero": "PED-1", "item": "1"},
"rastreabilidade": [{"lote": "L1", "quantidade": "10", "data_fabricacao": "2026-01-10", "data_validade": "2027-01-10"}],
"medicamento": {"codigo_anvisa": "1234567890123", "preco_maximo_consumidor": "55.90"}}
`.trim();

// The item's fields, one per line of ItemDataPayloadSchema.
export const ValorDescontoField = itemCharge(
  'vDesc',
  "the item's discount, at most its vProd (SEFAZ 483)",
  '10.00',
);
export const ValorFreteField = itemCharge('vFrete', "the item's share of the freight", '5.00');
export const ValorSeguroField = itemCharge('vSeg', "the item's share of the insurance", '1.50');
export const ValorOutrasDespesasField = itemCharge('vOutro', 'other charges of the item', '2.00');
export const IncluirNoTotalField = optionalString().describe(
  'det/prod/indTot: "1" (default) the item\'s vProd counts in total/ICMSTot/vProd and vNF; "0" it does not (its charges still do)',
);
export const InformacoesAdicionaisItemField = optionalString().describe(
  'det/infAdProd: additional information of the item printed on the DANFE, 1–500 characters',
);
export const PedidoCompraField = PedidoCompraPayloadSchema.nullable()
  .optional()
  .describe(
    'det/prod/xPed and nItemPed: the buyer\'s purchase order. Example: {"numero": "PED-1", "item": "1"}',
  );
export const ExTipiField = optionalString().describe(
  'det/prod/EXTIPI: the TIPI exception code, 2–3 digits',
);
export const ImportacaoField = z
  .array(DeclaracaoImportacaoPayloadSchema)
  .nullable()
  .optional()
  .describe('det/prod/DI: the import declarations of an imported item, up to 100');
export const ExportacaoItemField = z
  .array(DetalheExportacaoPayloadSchema)
  .nullable()
  .optional()
  .describe('det/prod/detExport: drawback acts and indirect exports of the item, up to 500');
export const RastreabilidadeField = z
  .array(RastroPayloadSchema)
  .nullable()
  .optional()
  .describe('det/prod/rastro: the batches the item comes from, up to 500 (medicines need them)');
export const MedicamentoField = MedicamentoPayloadSchema.nullable()
  .optional()
  .describe('det/prod/med: a medicine (one of medicamento, combustivel, veiculo)');
export const CombustivelField = CombustivelPayloadSchema.nullable()
  .optional()
  .describe('det/prod/comb: a liquid fuel (one of medicamento, combustivel, veiculo)');
export const VeiculoField = VeiculoPayloadSchema.nullable()
  .optional()
  .describe('det/prod/veicProd: a new vehicle (one of medicamento, combustivel, veiculo)');
export const DevolucaoField = DevolucaoPayloadSchema.nullable()
  .optional()
  .describe(
    'det/impostoDevol: the share returned and the IPI returned, only with fin_nfe 4 (SEFAZ 354)',
  );
