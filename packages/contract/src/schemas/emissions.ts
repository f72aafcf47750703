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

/** A decimal field of the IBSCBS groups, described with its tag and an example. */
const groupDecimal = (text: string) => DecimalSchema.describe(text);
const groupCode = (text: string) => z.string().describe(text);

const MonofasiaQuantidadeSchema = fastObject(
  z.object({
    quantidade: groupDecimal('qBCMono…: the quantity taxed, up to 4 places. Example: "1000.0000"'),
    ad_rem_ibs: groupDecimal('adRemIBS…: IBS per unit of quantity. Example: "0.1000"'),
    valor_ibs: groupDecimal('vIBSMono…: quantidade × ad_rem_ibs. Example: "100.00"'),
    ad_rem_cbs: groupDecimal('adRemCBS…: CBS per unit of quantity. Example: "0.9000"'),
    valor_cbs: groupDecimal('vCBSMono…: quantidade × ad_rem_cbs. Example: "900.00"'),
  }),
);

const ValoresIbsCbsShape = {
  valor_ibs: groupDecimal('vIBS of the group (IBS of UF and município together). Example: "10.00"'),
  valor_cbs: groupDecimal('vCBS of the group. Example: "90.00"'),
};

const ValoresPorEsferaShape = {
  aliquota_ibs_uf: groupDecimal('Rate of the IBS of the UF, percent. Example: "0.10"'),
  valor_ibs_uf: groupDecimal('Value of the IBS of the UF. Example: "1.00"'),
  aliquota_ibs_mun: groupDecimal('Rate of the IBS of the município, percent. Example: "0"'),
  valor_ibs_mun: groupDecimal('Value of the IBS of the município. Example: "0"'),
  aliquota_cbs: groupDecimal('Rate of the CBS, percent. Example: "0.90"'),
  valor_cbs: groupDecimal('Value of the CBS. Example: "9.00"'),
};

const CreditoPresumidoSchema = fastObject(
  z.object({
    percentual: groupDecimal('pCredPres, percent. Example: "1.00"'),
    valor: optionalDecimal().describe(
      'vCredPres (give this or valor_condicao_suspensiva). Example: "0.10"',
    ),
    valor_condicao_suspensiva: optionalDecimal().describe(
      'vCredPresCondSus: a credit under a suspensive condition (IBS from 2033, CBS from 2027). Example: "0.10"',
    ),
  }),
);

/** `fiscal_result.ibs_cbs`, as the OpenAPI document shows it. */
export const IBS_CBS_GROUPS_DESCRIPTION = `
IBSCBS groups beyond the three sphere lines (NT 2025.002, PL_010b TTribNFe). The item's \`ibs_uf\`,
\`ibs_mun\`, \`cbs\` lines still give its \`cst\` and \`classificacao_tributaria\`; a CST whose group is not
gIBSCBS (620, 800, 810, 811) takes lines with zero base and value and its group here:
620 → \`monofasia\` (gIBSCBSMono; vTotIBSMonoItem/vTotCBSMonoItem = standard + retained − deferred,
computed), 800 → \`transferencia_credito\` (gTransfCred, only in a debit note, fin_nfe 6 with
tp_nf_debito 01 or 05), 810 → \`credito_presumido_zfm\` (gCredPresIBSZFM, only in a credit note,
fin_nfe 5 with tp_nf_credito 02, emitter in AM), 811 → \`ajuste_competencia\` (gAjusteCompet). Any CST:
\`estorno_credito\` (gEstornoCred), \`credito_presumido\` (gCredPresOper). With gIBSCBS:
\`tributacao_regular\` (gTribRegular) and \`compra_governamental\` (gTribCompraGov, required in a
government purchase). Totals (IBSCBSTot gMono, gEstornoCred, vCredPres) are summed from the items.
A group the CST does not call for, a missing one, or values SEFAZ would refuse are a 422
(\`ibs_cbs_rule\`) at \`fiscal_result.ibs_cbs.<group>\` naming the rule and its rejection code.

Example, a monophase fuel item (CST 620): lines {"tax_domain": "cbs", "cst": "620",
"classificacao_tributaria": "620001", "base_calc": "0", "base_calc_percent": "100", "valor": "0", "rule_id": "…"}
and "ibs_cbs": {"monofasia": {"padrao": {"quantidade": "1000", "ad_rem_ibs": "0.1000", "valor_ibs":
"100.00", "ad_rem_cbs": "0.9000", "valor_cbs": "900.00"}}}.
`.trim();

export const IbsCbsGruposPayloadSchema = fastObject(
  z.object({
    monofasia: fastObject(
      z.object({
        padrao: MonofasiaQuantidadeSchema.nullable()
          .optional()
          .describe('gMonoPadrao: the monophase tax of this sale'),
        retencao: MonofasiaQuantidadeSchema.nullable()
          .optional()
          .describe('gMonoReten: tax retained on the biofuel to be blended (art. 178)'),
        retido_anteriormente: MonofasiaQuantidadeSchema.nullable()
          .optional()
          .describe('gMonoRet: tax retained earlier in the chain (art. 180)'),
        diferimento: fastObject(
          z.object({
            percentual_ibs: groupDecimal('pDifIBS, percent. Example: "50"'),
            valor_ibs: groupDecimal('vIBSMonoDif. Example: "50.00"'),
            percentual_cbs: groupDecimal('pDifCBS, percent. Example: "10"'),
            valor_cbs: groupDecimal('vCBSMonoDif. Example: "90.00"'),
          }),
        )
          .nullable()
          .optional()
          .describe('gMonoDif: the deferred part'),
      }),
    )
      .nullable()
      .optional()
      .describe('gIBSCBSMono (CST 620, fuels taxed once per quantity)'),
    transferencia_credito: fastObject(z.object(ValoresIbsCbsShape))
      .nullable()
      .optional()
      .describe('gTransfCred (CST 800): credit transferred; a debit note, fin_nfe 6'),
    ajuste_competencia: fastObject(
      z.object({
        competencia: groupCode('competApur, the period adjusted, YYYY-MM. Example: "2026-10"'),
        ...ValoresIbsCbsShape,
      }),
    )
      .nullable()
      .optional()
      .describe('gAjusteCompet (CST 811): an adjustment of another period'),
    estorno_credito: fastObject(
      z.object({
        valor_ibs: groupDecimal('vIBSEstCred. Example: "1.00"'),
        valor_cbs: groupDecimal('vCBSEstCred. Example: "9.00"'),
      }),
    )
      .nullable()
      .optional()
      .describe('gEstornoCred: credit reversed'),
    credito_presumido: fastObject(
      z.object({
        base_calc: groupDecimal('vBCCredPres. Example: "1000.00"'),
        codigo: groupCode('cCredPres, 2 digits. Example: "01"'),
        ibs: CreditoPresumidoSchema.nullable().optional().describe('gIBSCredPres'),
        cbs: CreditoPresumidoSchema.nullable().optional().describe('gCBSCredPres'),
      }),
    )
      .nullable()
      .optional()
      .describe('gCredPresOper: presumed credit of the operation'),
    credito_presumido_zfm: fastObject(
      z.object({
        competencia: groupCode(
          'competApur, YYYY-MM, not after the month of issue. Example: "2026-10"',
        ),
        tipo: groupCode('tpCredPresIBSZFM, 0–4 (art. 450 §1º LC 214/2025). Example: "1"'),
        valor: groupDecimal('vCredPresIBSZFM. Example: "55.00"'),
      }),
    )
      .nullable()
      .optional()
      .describe('gCredPresIBSZFM (CST 810): presumed IBS credit of the Zona Franca de Manaus'),
    tributacao_regular: fastObject(
      z.object({
        cst: groupCode('CSTReg: the CST without the condition. Example: "000"'),
        classificacao_tributaria: groupCode('cClassTribReg, 6 digits. Example: "000001"'),
        ...ValoresPorEsferaShape,
      }),
    )
      .nullable()
      .optional()
      .describe(
        'gIBSCBS/gTribRegular: the taxation if the cClassTrib condition is not met (values = base × rate)',
      ),
    compra_governamental: fastObject(z.object(ValoresPorEsferaShape))
      .nullable()
      .optional()
      .describe(
        'gIBSCBS/gTribCompraGov: the split among the spheres without art. 473 (sum within 0.04 of the taxes); required in a government purchase',
      ),
  }),
).describe(IBS_CBS_GROUPS_DESCRIPTION);
export type IbsCbsGruposPayload = z.infer<typeof IbsCbsGruposPayloadSchema>;

/** ide/gCompraGov. */
export const CompraGovernamentalPayloadSchema = fastObject(
  z.object({
    tipo_ente: groupCode(
      'tpEnteGov: 1 União, 2 Estado, 3 Distrito Federal, 4 Município. Example: "2"',
    ),
    percentual_reducao: groupDecimal(
      'pRedutor: percent every IBS/CBS rate is reduced by (gRed/pAliqEfet includes it). Example: "10"',
    ),
    tipo_operacao: groupCode('tpOperGov: 1 supply, 2 receipt of the payment. Example: "1"'),
  }),
).describe(
  'ide/gCompraGov: a purchase by a government entity (LC 214/2025 art. 473). Every item with gIBSCBS then needs ibs_cbs.compra_governamental. Example: {"tipo_ente": "2", "percentual_reducao": "10", "tipo_operacao": "1"}',
);

export const FiscalResultPayloadSchema = fastObject(
  z.object({
    cfop: z.string(),
    consumidor_final: z.boolean(),
    indicador_ie: z.string(),
    csosn: optionalString(),
    cst: optionalString(),
    origem: optionalString(),
    tributos: z.array(TributoLinhaPayloadSchema).optional(),
    ibs_cbs: IbsCbsGruposPayloadSchema.nullable().optional(),
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
    fin_nfe: flag().describe(
      'finNFe: 1 normal, 2 complementar, 3 ajuste, 4 devolução, 5 credit note, 6 debit note (5 and 6 carry only IBS/CBS, no ICMS/IPI/PIS/COFINS)',
    ),
    tp_nf_debito: optionalString().describe(
      'ide/tpNFDebito, 01–07, required on a debit note (fin_nfe 6). Example: "05"',
    ),
    tp_nf_credito: optionalString().describe(
      'ide/tpNFCredito, 01–05, required on a credit note (fin_nfe 5). Example: "02"',
    ),
    compra_governamental: CompraGovernamentalPayloadSchema.nullable().optional(),
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
/**
 * `Prefer: wait=N` (RFC 7240; N 1–60): answer once the document reaches a final status or N
 * seconds pass, whichever is first, with `Preference-Applied: wait=N`. Other preferences and other
 * values are ignored, as RFC 7240 asks.
 */
export const PreferHeaderSchema = z
  .string()
  .max(200)
  .optional()
  .describe('wait=N (1–60): answer when the document is final or after N seconds');

export const EmissionHeadersSchema = fastObject(
  z.object({ 'idempotency-key': z.string().min(1).max(255), prefer: PreferHeaderSchema }),
);

export const DocumentReadHeadersSchema = z.object({ prefer: PreferHeaderSchema });
