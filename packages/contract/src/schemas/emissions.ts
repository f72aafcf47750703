import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

import {
  AmbienteSchema,
  CnpjSchema,
  DocumentModelSchema,
  RefSchema,
  UuidSchema,
} from './common.js';
import { DecimalSchema, PositiveDecimalSchema } from './decimal.js';
import { SerieSchema } from './series.js';

// Layout checks of each field (NCM digits, CEP, UF, …) belong to the NF-e builder; this file holds
// only the spec's own constraints, so the two cannot disagree about the layout.
// Every object is a fastObject: a compiled parse for valid input, zod's own parse (and issues) for
// the rest; see ../fast-parse.

/** An optional field that may also be sent as null. */
const optionalString = () => z.string().nullable().optional();
const optionalDecimal = () => DecimalSchema.nullable().optional();

/** Fields that are exactly one character and default to `1` (finNFe, indFinal, indPres, tpEmis). */
const flag = () => z.string().length(1).default('1');

export const EmitenteDataPayloadSchema = fastObject(
  z.object({
    cnpj: CnpjSchema,
    razao_social: z.string(),
    ie: z.string(),
    crt: z.string().length(1),
    address_street: z.string(),
    address_number: z.string(),
    address_district: z.string(),
    address_city: z.string(),
    address_state: z.string().length(2),
    address_zip: z.string(),
    address_city_ibge_code: z.string(),
    address_complement: optionalString(),
    fone: optionalString(),
    nome_fantasia: optionalString(),
  }),
);
export type EmitenteDataPayload = z.infer<typeof EmitenteDataPayloadSchema>;

export const DestinatarioDataPayloadSchema = fastObject(
  z.object({
    nome: z.string(),
    indicador_ie: z.string(),
    cnpj: optionalString(),
    cpf: optionalString(),
    ie: optionalString(),
    email: optionalString(),
    address_street: optionalString(),
    address_number: optionalString(),
    address_complement: optionalString(),
    address_district: optionalString(),
    address_city: optionalString(),
    address_city_ibge_code: optionalString(),
    address_state: optionalString(),
    address_zip: optionalString(),
  }),
);
export type DestinatarioDataPayload = z.infer<typeof DestinatarioDataPayloadSchema>;

const rtcDecimal = (text: string) => optionalDecimal().describe(text);

/**
 * The IBS/CBS/IS lines (reforma tributária, NT 2025.002; decisions.md "Tax lines"), as the OpenAPI
 * document shows them.
 */
export const IBS_CBS_LINES_DESCRIPTION = `
IBS, CBS and IS (reforma tributária, NT 2025.002, schema PL_010b): \`tax_domain\` \`ibs_uf\`, \`ibs_mun\` and
\`cbs\` fill det/imposto/IBSCBS; \`is\` fills det/imposto/IS. The three IBS/CBS lines of an item share one
\`cst\` (3 digits), one \`classificacao_tributaria\` (cClassTrib, 6 digits starting with the CST) and one
\`base_calc\` (gIBSCBS/vBC); \`base_calc_percent\` is 100 (IBS/CBS reduce the rate, not the base).
Per line: \`aliquota\` → pIBSUF/pIBSMun/pCBS, \`valor\` → vIBSUF/vIBSMun/vCBS, \`reducao_aliquota_percent\` →
gRed/pRedAliq (with \`aliquota_efetiva\` → pAliqEfet, computed when absent), \`diferimento_percent\` →
gDif/pDif (with \`valor_diferido\` → vDif, computed when absent), \`valor_devolvido\` → gDevTrib/vDevTrib.
A CST without gIBSCBS (400, 410, 820) takes lines with zero base and value. The \`is\` line: \`cst\` →
CSTIS, \`classificacao_tributaria\` → cClassTribIS, \`base_calc\` → vBCIS, \`aliquota\` → pIS,
\`aliquota_especifica\` → pISEspec, \`unidade_tributavel\` + \`quantidade_tributavel\` → uTrib + qTrib,
\`valor\` → vIS. The document then carries vItem in every item, total/ISTot, total/IBSCBSTot and
total/vNFTot summed from the items; IBS/CBS/IS are not added to vNF. Every mechanical SEFAZ rule
(values within 0.01 of base × rate − deferral − returned, pAliqEfet, gRed/gDif as the CST requires, …)
is checked: a violation is a 422 whose \`loc\` names the line and whose \`msg\` names the rule and its
rejection code.

Example, one item of 1000.00 in 2026 (CST 000, cClassTrib 000001):
{"tax_domain": "ibs_uf", "cst": "000", "classificacao_tributaria": "000001", "base_calc": "1000.00", "base_calc_percent": "100", "aliquota": "0.10", "valor": "1.00", "rule_id": "…"}
{"tax_domain": "ibs_mun", "cst": "000", "classificacao_tributaria": "000001", "base_calc": "1000.00", "base_calc_percent": "100", "aliquota": "0", "valor": "0", "rule_id": "…"}
{"tax_domain": "cbs", "cst": "000", "classificacao_tributaria": "000001", "base_calc": "1000.00", "base_calc_percent": "100", "aliquota": "0.90", "valor": "9.00", "rule_id": "…"}
A reduced rate (CST 200, cClassTrib 200034, 60 % off): add "reducao_aliquota_percent": "60" to each line;
the CBS line then has "valor": "3.60" (pAliqEfet 0.36). A deferral (CST 510, 50 %): add
"diferimento_percent": "50"; the CBS line's "valor" is "4.50" (vDif 4.50).
`.trim();

/** One tax line computed by the caller's tax engine; `tax_domain` picks its place in the XML. */
export const TributoLinhaPayloadSchema = fastObject(
  z.object({
    tax_domain: z
      .string()
      .describe(
        'icms, icms_st, fcp, fcp_st, icms_uf_dest, ipi, pis, cofins, and for the reforma tributária ibs_uf, ibs_mun, cbs, is',
      ),
    base_calc: DecimalSchema,
    base_calc_percent: DecimalSchema,
    valor: DecimalSchema,
    rule_id: UuidSchema,
    aliquota: optionalDecimal(),
    aliquota_st: optionalDecimal(),
    fcp_percent: optionalDecimal(),
    mva: optionalDecimal(),
    codigo_beneficio: optionalString(),
    csosn: optionalString(),
    cst: optionalString(),
    classificacao_tributaria: optionalString().describe(
      'IBS/CBS and IS lines: cClassTrib / cClassTribIS, 6 digits whose first three are the CST',
    ),
    reducao_aliquota_percent: rtcDecimal(
      'IBS/CBS lines: gRed/pRedAliq, percent of the rate taken off',
    ),
    aliquota_efetiva: rtcDecimal(
      'IBS/CBS lines: gRed/pAliqEfet = aliquota × (1 − reducao_aliquota_percent/100); computed when absent',
    ),
    diferimento_percent: rtcDecimal('IBS/CBS lines: gDif/pDif, percent of the tax deferred'),
    valor_diferido: rtcDecimal('IBS/CBS lines: gDif/vDif; computed when absent'),
    valor_devolvido: rtcDecimal('IBS/CBS lines: gDevTrib/vDevTrib, tax returned to the buyer'),
    aliquota_especifica: rtcDecimal('IS line: pISEspec'),
    unidade_tributavel: optionalString().describe('IS line: uTrib (with quantidade_tributavel)'),
    quantidade_tributavel: rtcDecimal('IS line: qTrib (with unidade_tributavel)'),
  }),
).describe(IBS_CBS_LINES_DESCRIPTION);
export type TributoLinhaPayload = z.infer<typeof TributoLinhaPayloadSchema>;

export const FiscalResultPayloadSchema = fastObject(
  z.object({
    cfop: z.string(),
    consumidor_final: z.boolean(),
    indicador_ie: z.string(),
    csosn: optionalString(),
    cst: optionalString(),
    origem: optionalString(),
    tributos: z.array(TributoLinhaPayloadSchema).optional(),
  }),
);
export type FiscalResultPayload = z.infer<typeof FiscalResultPayloadSchema>;

export const ItemDataPayloadSchema = fastObject(
  z.object({
    codigo: z.string(),
    descricao: z.string(),
    ncm: z.string(),
    cfop: z.string(),
    unidade_comercial: z.string(),
    unidade_tributavel: z.string(),
    quantidade: PositiveDecimalSchema,
    valor_unitario: PositiveDecimalSchema,
    fiscal_result: FiscalResultPayloadSchema,
    cest: optionalString(),
    gtin: optionalString(),
    peso_bruto_kg: optionalDecimal(),
    peso_liquido_kg: optionalDecimal(),
  }),
);
export type ItemDataPayload = z.infer<typeof ItemDataPayloadSchema>;

export const PagamentoDataPayloadSchema = fastObject(
  z.object({
    tpag: z.string(),
    valor: PositiveDecimalSchema,
    indpag: z.string().default('0'),
  }),
);
export type PagamentoDataPayload = z.infer<typeof PagamentoDataPayloadSchema>;

export const UfDestinoTipoSchema = z.enum(['interna', 'interestadual']);

/** An NF-e to issue. After parsing, every decimal is canonical text and every default is filled. */
export const EmissaoRequestSchema = fastObject(
  z.object({
    tenant_ref: RefSchema,
    branch_ref: RefSchema,
    serie: SerieSchema,
    emitente: EmitenteDataPayloadSchema,
    // null or omitted: an unidentified final consumer.
    destinatario: DestinatarioDataPayloadSchema.nullable().optional(),
    // 990 is the most `det` elements the NF-e layout allows.
    itens: z.array(ItemDataPayloadSchema).min(1).max(990),
    pagamento: PagamentoDataPayloadSchema,
    ambiente: AmbienteSchema,
    uf_destino_tipo: UfDestinoTipoSchema,
    ver_proc: z.string().min(1).max(20),
    document_model: DocumentModelSchema.default('55'),
    fin_nfe: flag(),
    ind_final: flag(),
    ind_pres: flag(),
    tp_emis: flag(),
    nat_op: z.string().default('Venda'),
  }),
);
export type EmissaoRequest = z.infer<typeof EmissaoRequestSchema>;
/** What a caller sends: defaults may be omitted and decimals may be numbers. */
export type EmissaoRequestInput = z.input<typeof EmissaoRequestSchema>;

/** `Idempotency-Key`, lower-cased as Node delivers header names. */
export const EmissionHeadersSchema = fastObject(
  z.object({ 'idempotency-key': z.string().min(1).max(255) }),
);
