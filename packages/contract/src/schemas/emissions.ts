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

/** One tax line computed by the caller's tax engine; `tax_domain` picks its place in the XML. */
export const TributoLinhaPayloadSchema = fastObject(
  z.object({
    tax_domain: z.string(),
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
  }),
);
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
