import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

import {
  AmbienteSchema,
  CnpjSchema,
  DocumentModelSchema,
  optionalString,
  RefSchema,
  UuidSchema,
} from './common.js';
import { DecimalSchema, optionalDecimal, PositiveDecimalSchema } from './decimal.js';
import { CobrancaField } from './nfe-cobranca.js';
import {
  CombustivelField,
  DevolucaoField,
  ExportacaoItemField,
  ExTipiField,
  ImportacaoField,
  IncluirNoTotalField,
  InformacoesAdicionaisItemField,
  ITEM_GROUPS_DESCRIPTION,
  MedicamentoField,
  PedidoCompraField,
  RastreabilidadeField,
  ValorDescontoField,
  ValorFreteField,
  ValorOutrasDespesasField,
  ValorSeguroField,
  VeiculoField,
} from './nfe-item-groups.js';
import {
  CartaoField,
  DataPagamentoField,
  DescricaoPagamentoField,
  OUTROS_PAGAMENTOS_DESCRIPTION,
  PaymentAmountSchema,
} from './nfe-pagamento.js';
import { TransporteField } from './nfe-transporte.js';
import {
  ArmasField,
  CnpjFabricanteField,
  CodigoBarrasField,
  CodigoBarrasTributavelField,
  CreditosPresumidosIcmsField,
  EmbalagemField,
  EscalaRelevanteField,
  NumeroFciField,
  NumeroRecopiField,
  NveField,
  ObservacaoContribuinteItemField,
  ObservacaoFiscoItemField,
} from './nfe-produto-detalhes.js';
import {
  BemMovelUsadoField,
  DataPrevisaoEntregaField,
  DoacaoField,
  DocumentoReferenciadoItemField,
  MunicipioFatoGeradorIbsField,
  PagamentosAntecipadosField,
  TipoCreditoPresumidoZfmField,
} from './nfe-reforma-campos.js';
import { CnpjTransacionalField, UfTransacionalField } from './nfe-pagamento-participantes.js';
import { DestinatarioFoneField } from './nfe-partes-referencias.js';
import { AutorizadosXmlField } from './nfe-autorizados-xml.js';
import { CompraField } from './nfe-compra.js';
import { ExportacaoField } from './nfe-exportacao.js';
import { DataSaidaEntradaField, IndIntermedField, TpNfField } from './nfe-ide.js';
import { InformacoesAdicionaisField } from './nfe-informacoes-adicionais.js';
import { IntermediadorField } from './nfe-intermediador.js';
import { EntregaField, RetiradaField } from './nfe-locais.js';
import {
  AddressCountryCodeField,
  AddressCountryField,
  CnaeField,
  IdEstrangeiroField,
  IeStField,
  InscricaoMunicipalDestinatarioField,
  InscricaoMunicipalEmitenteField,
  InscricaoSuframaField,
} from './nfe-party-registrations.js';
import { DocumentosReferenciadosField } from './nfe-referencias.js';
import {
  CnpjProdutorField,
  CodigoBeneficioReducaoField,
  CompoeTotalField,
  MotivoField,
  OperacaoPropriaPercentField,
  QuantidadeSeloField,
  SeloControleField,
  TAX_LINE_GROUPS_DESCRIPTION,
  UfStField,
  ValorDespesasAduaneirasField,
  ValorIofField,
  ValorSubstitutoField,
} from './nfe-tax-lines.js';
import { SerieSchema } from './series.js';

// Layout checks of each field (NCM digits, CEP, UF, …) belong to the NF-e builder; this file holds
// only the spec's own constraints, so the two cannot disagree about the layout.
// Every object is a fastObject: a compiled parse for valid input, zod's own parse (and issues) for
// the rest; see ../fast-parse.

/** Fields that are exactly one character and default to `1` (finNFe, indFinal, indPres, tpEmis). */
const flag = () => z.string().length(1).default('1');

export const EmitenteDataPayloadSchema = fastObject(
  z.strictObject({
    cnpj: CnpjSchema.describe(
      'emit/CNPJ: the branch CNPJ; its root must match the live certificate (else 409 emitente_certificate_cnpj_mismatch)',
    ),
    razao_social: z.string().describe('emit/xNome: legal name, 2–60 characters'),
    ie: z.string().describe('emit/IE: state registration, digits only (or ISENTO)'),
    crt: z
      .string()
      .length(1)
      .describe(
        'emit/CRT, tax regime: 1 Simples Nacional, 2 Simples Nacional over the sub-limit, 3 Regime Normal, 4 MEI. 1, 2 and 4 use CSOSN on ICMS lines; 3 uses CST',
      ),
    address_street: z.string().describe('emit/enderEmit/xLgr: street'),
    address_number: z.string().describe('emit/enderEmit/nro: number (S/N when none)'),
    address_district: z.string().describe('emit/enderEmit/xBairro: district (bairro)'),
    address_city: z.string().describe('emit/enderEmit/xMun: city name'),
    address_state: z
      .string()
      .length(2)
      .describe(
        'emit/enderEmit/UF: two-letter state; also gives ide/cUF and the SEFAZ that authorises',
      ),
    address_zip: z.string().describe('emit/enderEmit/CEP: 8 digits'),
    address_city_ibge_code: z
      .string()
      .describe(
        'emit/enderEmit/cMun and ide/cMunFG: the 7-digit IBGE city code (3550308 = São Paulo)',
      ),
    address_complement: optionalString().describe(
      'emit/enderEmit/xCpl: complement (sala, andar), optional',
    ),
    fone: optionalString().describe('emit/enderEmit/fone: 6–14 digits with area code, optional'),
    nome_fantasia: optionalString().describe('emit/xFant: trade name, optional'),
    ie_st: IeStField,
    inscricao_municipal: InscricaoMunicipalEmitenteField,
    cnae: CnaeField,
  }),
);
export type EmitenteDataPayload = z.infer<typeof EmitenteDataPayloadSchema>;

export const DestinatarioDataPayloadSchema = fastObject(
  z.strictObject({
    nome: z
      .string()
      .describe(
        'dest/xNome, 2–60 characters (in homologação SEFAZ requires, and Emissor writes, \"NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL\")',
      ),
    indicador_ie: z
      .string()
      .describe(
        'dest/indIEDest: 1 ICMS taxpayer (needs ie), 2 exempt from IE, 9 non-taxpayer (a person or a final consumer)',
      ),
    cnpj: optionalString().describe('dest/CNPJ of a company buyer (give cnpj or cpf, not both)'),
    cpf: optionalString().describe(
      'dest/CPF of a person buyer, 11 digits (give cnpj or cpf, not both)',
    ),
    ie: optionalString().describe(
      'dest/IE: state registration, 2–14 digits; required with indicador_ie 1',
    ),
    email: optionalString().describe('dest/email, up to 60 characters, optional'),
    address_street: optionalString().describe(
      'dest/enderDest/xLgr. Send either no address field or all the required ones (street, number, district, city, IBGE code, state, zip)',
    ),
    address_number: optionalString().describe('dest/enderDest/nro'),
    address_complement: optionalString().describe('dest/enderDest/xCpl, optional'),
    address_district: optionalString().describe('dest/enderDest/xBairro'),
    address_city: optionalString().describe('dest/enderDest/xMun'),
    address_city_ibge_code: optionalString().describe(
      'dest/enderDest/cMun: 7-digit IBGE city code',
    ),
    address_state: optionalString().describe(
      "dest/enderDest/UF; a state other than the emitter's means uf_destino_tipo interestadual; EX abroad (uf_destino_tipo exterior, city code 9999999 by default, CEP optional)",
    ),
    address_zip: optionalString().describe('dest/enderDest/CEP: 8 digits'),
    address_country_code: AddressCountryCodeField,
    address_country: AddressCountryField,
    id_estrangeiro: IdEstrangeiroField,
    inscricao_suframa: InscricaoSuframaField,
    inscricao_municipal: InscricaoMunicipalDestinatarioField,
    fone: DestinatarioFoneField,
  }),
);
export type DestinatarioDataPayload = z.infer<typeof DestinatarioDataPayloadSchema>;

const rtcDecimal = (text: string) => optionalDecimal().describe(text);

/**
 * The IBS/CBS/IS lines (reforma tributária, NT 2025.002; docs/api-rules.md "Tax lines"), as the OpenAPI
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
  z.strictObject({
    tax_domain: z
      .string()
      .describe(
        'icms, icms_st, fcp, fcp_st, icms_uf_dest, ipi, pis, cofins; the less common groups icms_desonerado, icms_st_desonerado, icms_st_retido, fcp_st_retido, icms_efetivo, icms_st_destino, icms_mono, icms_mono_retencao, icms_mono_diferido, icms_mono_retido, icms_credito_sn, ii, pis_st, cofins_st, tributos_aproximados; and for the reforma tributária ibs_uf, ibs_mun, cbs, is',
      ),
    base_calc: DecimalSchema.describe(
      'The base: vBC of the group tax_domain picks (vBCST for icms_st, vBCFCP for fcp, vBCUFDest for icms_uf_dest, vBCSTRet for icms_st_retido, …); not written where a group has no base (icms_desonerado, tributos_aproximados, taxation by quantity)',
    ),
    base_calc_percent: DecimalSchema.describe(
      'Percent of the base taxed, 0 < x ≤ 100; below 100 writes pRedBC/pRedBCST = 100 − x (ICMS base reduction). 100 for every other tax',
    ),
    valor: DecimalSchema.describe(
      'The tax value: vICMS, vICMSST, vFCP, vIPI, vPIS, vCOFINS, vICMSDeson, vICMSSTRet, vICMSMono, vII, vTotTrib, vIBSUF, vCBS, … of the group tax_domain picks',
    ),
    rule_id: UuidSchema.describe(
      'The id (UUID) of the rule in your tax engine that computed this line. Not written to the XML; it is part of the request an Idempotency-Key is bound to, so a line can be traced to its rule',
    ),
    aliquota: optionalDecimal().describe(
      'The rate in percent: pICMS, pIPI, pPIS, pCOFINS, pICMSUFDest (icms_uf_dest), pCredSN (CSOSN 101/201, icms_credito_sn), pST (icms_st_retido), pICMSEfet (icms_efetivo), pIBSUF/pIBSMun/pCBS, pIS',
    ),
    aliquota_st: optionalDecimal().describe('icms_st lines: pICMSST, the ST rate in percent'),
    fcp_percent: optionalDecimal().describe(
      'fcp, fcp_st and icms_uf_dest lines: pFCP / pFCPST / pFCPUFDest in percent',
    ),
    mva: optionalDecimal().describe(
      'icms_st lines: pMVAST in percent (modBCST 4); without it modBCST is 6 (valor da operação)',
    ),
    codigo_beneficio: optionalString().describe(
      'icms lines: prod/cBenef, the state tax-benefit code (8 or 10 characters, or SEM CBENEF); ipi lines: IPI/cEnq',
    ),
    csosn: optionalString().describe(
      'icms lines, Simples Nacional (CRT 1, 2, 4): the CSOSN picking the ICMSSN group (102, 500, 900, …); wins over fiscal_result.csosn',
    ),
    cst: optionalString().describe(
      'The CST of the line: icms (CRT 3: 00, 10, 20, … picks ICMSxx), pis/cofins (01, 04, 49, …), ipi (50, 53, …), IBS/CBS/IS (3 digits); an icms cst wins over fiscal_result.cst',
    ),
    classificacao_tributaria: optionalString().describe(
      'IBS/CBS and IS lines: cClassTrib / cClassTribIS, 6 digits whose first three are the CST',
    ),
    reducao_aliquota_percent: rtcDecimal(
      'IBS/CBS lines: gRed/pRedAliq, percent of the rate taken off; icms_mono of CST 15: pRedAdRem (with motivo)',
    ),
    aliquota_efetiva: rtcDecimal(
      'IBS/CBS lines: gRed/pAliqEfet = aliquota × (1 − reducao_aliquota_percent/100); computed when absent',
    ),
    diferimento_percent: rtcDecimal(
      'IBS/CBS lines: gDif/pDif, percent of the tax deferred; icms and fcp lines of CST 51: pDif / pFCPDif; icms_mono_diferido: pDif',
    ),
    valor_diferido: rtcDecimal(
      'IBS/CBS lines: gDif/vDif (computed when absent); icms and fcp lines of CST 51: vICMSDif / vFCPDif (required with diferimento_percent)',
    ),
    valor_devolvido: rtcDecimal('IBS/CBS lines: gDevTrib/vDevTrib, tax returned to the buyer'),
    aliquota_especifica: rtcDecimal(
      'IS line: pISEspec; an amount per unit of quantidade_tributavel: adRemICMS… of the icms_mono lines, vUnid (ipi), vAliqProd (pis, cofins, pis_st, cofins_st)',
    ),
    unidade_tributavel: optionalString().describe('IS line: uTrib (with quantidade_tributavel)'),
    quantidade_tributavel: rtcDecimal(
      'IS line: qTrib (with unidade_tributavel); the quantity taxed: qBCMono… of the icms_mono lines, qUnid (ipi), qBCProd (pis, cofins, pis_st, cofins_st)',
    ),
    motivo: MotivoField,
    compoe_total: CompoeTotalField,
    valor_substituto: ValorSubstitutoField,
    codigo_beneficio_reducao: CodigoBeneficioReducaoField,
    operacao_propria_percent: OperacaoPropriaPercentField,
    uf_st: UfStField,
    cnpj_produtor: CnpjProdutorField,
    selo_controle: SeloControleField,
    quantidade_selo: QuantidadeSeloField,
    valor_despesas_aduaneiras: ValorDespesasAduaneirasField,
    valor_iof: ValorIofField,
  }),
).describe(`${TAX_LINE_GROUPS_DESCRIPTION}\n\n${IBS_CBS_LINES_DESCRIPTION}`);
export type TributoLinhaPayload = z.infer<typeof TributoLinhaPayloadSchema>;

/** A decimal field of the IBSCBS groups, described with its tag and an example. */
const groupDecimal = (text: string) => DecimalSchema.describe(text);
const groupCode = (text: string) => z.string().describe(text);

const MonofasiaQuantidadeSchema = fastObject(
  z.strictObject({
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
  z.strictObject({
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
  z.strictObject({
    doacao: DoacaoField,
    monofasia: fastObject(
      z.strictObject({
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
          z.strictObject({
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
    transferencia_credito: fastObject(z.strictObject(ValoresIbsCbsShape))
      .nullable()
      .optional()
      .describe('gTransfCred (CST 800): credit transferred; a debit note, fin_nfe 6'),
    ajuste_competencia: fastObject(
      z.strictObject({
        competencia: groupCode('competApur, the period adjusted, YYYY-MM. Example: "2026-10"'),
        ...ValoresIbsCbsShape,
      }),
    )
      .nullable()
      .optional()
      .describe('gAjusteCompet (CST 811): an adjustment of another period'),
    estorno_credito: fastObject(
      z.strictObject({
        valor_ibs: groupDecimal('vIBSEstCred. Example: "1.00"'),
        valor_cbs: groupDecimal('vCBSEstCred. Example: "9.00"'),
      }),
    )
      .nullable()
      .optional()
      .describe('gEstornoCred: credit reversed'),
    credito_presumido: fastObject(
      z.strictObject({
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
      z.strictObject({
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
      z.strictObject({
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
    compra_governamental: fastObject(z.strictObject(ValoresPorEsferaShape))
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
  z.strictObject({
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
  z.strictObject({
    cfop: z
      .string()
      .describe(
        'det/prod/CFOP written to the document: 4 digits (5102 sale inside the state, 6102 to another state, …), as your tax engine decided',
      ),
    consumidor_final: z
      .boolean()
      .describe(
        "Whether your tax engine treated the sale as to a final consumer (the document's indFinal is the request's ind_final)",
      ),
    indicador_ie: z
      .string()
      .describe(
        "The buyer's indIEDest your tax engine assumed (1, 2 or 9); the document uses destinatario.indicador_ie",
      ),
    csosn: optionalString().describe(
      "The item's CSOSN (Simples Nacional) when its icms line gives none",
    ),
    cst: optionalString().describe(
      "The item's ICMS CST (Regime Normal) when its icms line gives none",
    ),
    origem: optionalString().describe(
      "det/imposto/ICMS/orig, the goods' origin: 0 national, 1 imported directly, 2 imported bought locally, 3–8 per import content; default 0",
    ),
    tributos: z
      .array(TributoLinhaPayloadSchema)
      .optional()
      .describe(
        "The item's tax lines, one per tax_domain, computed by your tax engine: Emissor places them and sums the totals, it does not recompute rates",
      ),
    ibs_cbs: IbsCbsGruposPayloadSchema.nullable()
      .optional()
      .describe(
        'det/imposto/IBSCBS groups beyond the sphere lines (gIBSCBSMono, gTransfCred, gCredPresIBSZFM, gAjusteCompet, gEstornoCred, gCredPresOper, gTribRegular, gTribCompraGov); see the schema',
      ),
  }),
);
export type FiscalResultPayload = z.infer<typeof FiscalResultPayloadSchema>;

export const ItemDataPayloadSchema = fastObject(
  z.strictObject({
    codigo: z.string().describe('det/prod/cProd: your product code, 1–60 characters'),
    descricao: z.string().describe('det/prod/xProd: description, 1–120 characters'),
    ncm: z.string().describe('det/prod/NCM: 8-digit Mercosur code of the goods'),
    cfop: z
      .string()
      .describe(
        'The CFOP your catalogue has for the item (4 digits, checked); the document carries fiscal_result.cfop',
      ),
    unidade_comercial: z
      .string()
      .describe('det/prod/uCom: selling unit (UN, KG, CX…), 1–6 characters'),
    unidade_tributavel: z
      .string()
      .describe('det/prod/uTrib: taxable unit, 1–6 characters (qTrib/vUnTrib repeat qCom/vUnCom)'),
    quantidade: PositiveDecimalSchema.describe(
      'det/prod/qCom (and qTrib): quantity above 0, up to 4 decimal places; send a decimal string',
    ),
    valor_unitario: PositiveDecimalSchema.describe(
      'det/prod/vUnCom (and vUnTrib): unit price above 0, up to 10 decimal places; vProd = quantidade × valor_unitario rounded to cents',
    ),
    fiscal_result: FiscalResultPayloadSchema.describe(
      'What your tax engine decided for the item: CFOP, CST/CSOSN, origin and the tax lines',
    ),
    cest: optionalString().describe('det/prod/CEST: 7 digits, for goods under ICMS-ST; optional'),
    gtin: optionalString().describe(
      'det/prod/cEAN and cEANTrib: GTIN of 8, 12, 13 or 14 digits with a correct check digit; absent → SEM GTIN',
    ),
    peso_bruto_kg: optionalDecimal().describe(
      "Gross weight in kg, up to 3 decimal places; checked, not written: det has no weight, the NF-e's weights are transp/vol, from transporte.volumes[].peso_bruto_kg",
    ),
    peso_liquido_kg: optionalDecimal().describe(
      "Net weight in kg, up to 3 decimal places; checked, not written: det has no weight, the NF-e's weights are transp/vol, from transporte.volumes[].peso_liquido_kg",
    ),
    valor_desconto: ValorDescontoField,
    valor_frete: ValorFreteField,
    valor_seguro: ValorSeguroField,
    valor_outras_despesas: ValorOutrasDespesasField,
    incluir_no_total: IncluirNoTotalField,
    informacoes_adicionais: InformacoesAdicionaisItemField,
    pedido_compra: PedidoCompraField,
    ex_tipi: ExTipiField,
    importacao: ImportacaoField,
    exportacao: ExportacaoItemField,
    rastreabilidade: RastreabilidadeField,
    medicamento: MedicamentoField,
    combustivel: CombustivelField,
    veiculo: VeiculoField,
    devolucao: DevolucaoField,
    codigo_barras: CodigoBarrasField,
    codigo_barras_tributavel: CodigoBarrasTributavelField,
    nve: NveField,
    escala_relevante: EscalaRelevanteField,
    cnpj_fabricante: CnpjFabricanteField,
    creditos_presumidos_icms: CreditosPresumidosIcmsField,
    numero_fci: NumeroFciField,
    embalagem: EmbalagemField,
    armas: ArmasField,
    numero_recopi: NumeroRecopiField,
    observacao_contribuinte: ObservacaoContribuinteItemField,
    observacao_fisco: ObservacaoFiscoItemField,
    bem_movel_usado: BemMovelUsadoField,
    tipo_credito_presumido_zfm: TipoCreditoPresumidoZfmField,
    documento_referenciado: DocumentoReferenciadoItemField,
  }),
).describe(ITEM_GROUPS_DESCRIPTION);
export type ItemDataPayload = z.infer<typeof ItemDataPayloadSchema>;

export const PagamentoDataPayloadSchema = fastObject(
  z.strictObject({
    tpag: z
      .string()
      .describe(
        'pag/detPag/tPag, how it was paid: 01 dinheiro, 02 cheque, 03 cartão de crédito, 04 cartão de débito, 05 crédito loja, 10–13 vales, 15 boleto, 16 depósito, 17 PIX dinâmico, 18 transferência, 19 fidelidade, 20 PIX estático, 21 crédito em loja, 22 eletrônico não informado, 90 sem pagamento (required for fin_nfe 3 and 4, SEFAZ 871), 91 pagamento posterior, 99 outros (with descricao)',
      ),
    valor: PaymentAmountSchema.describe(
      'pag/detPag/vPag: amount paid, above 0; with outros_pagamentos at least vNF (the total) in all, any excess written as vTroco (change). tpag 90 and 91 write 0.00 whatever valor says (SEFAZ 904), and only they accept 0',
    ),
    indpag: z
      .string()
      .default('0')
      .describe('pag/detPag/indPag: 0 paid at sight (default), 1 paid in instalments'),
    cartao: CartaoField,
    data_pagamento: DataPagamentoField,
    descricao: DescricaoPagamentoField,
    cnpj_transacional: CnpjTransacionalField,
    uf_transacional: UfTransacionalField,
  }),
);
export type PagamentoDataPayload = z.infer<typeof PagamentoDataPayloadSchema>;

export const UfDestinoTipoSchema = z.enum(['interna', 'interestadual', 'exterior']);

/** An NF-e to issue. After parsing, every decimal is canonical text and every default is filled. */
export const EmissaoRequestSchema = fastObject(
  z.strictObject({
    tenant_ref: RefSchema.describe(
      'Your id of the tenant; with branch_ref and serie it picks the series and the certificate',
    ),
    branch_ref: RefSchema.describe(
      'Your id of the branch whose certificate signs and whose series numbers the NF-e',
    ),
    serie: SerieSchema.describe(
      "ide/serie: which of the branch's series numbers it (create it first with POST /v1/series)",
    ),
    emitente: EmitenteDataPayloadSchema.describe('emit: the issuing branch'),
    // null or omitted: an unidentified final consumer.
    destinatario: DestinatarioDataPayloadSchema.nullable()
      .optional()
      .describe('dest: the buyer; null or omitted for an unidentified final consumer'),
    // 990 is the most `det` elements the NF-e layout allows.
    itens: z
      .array(ItemDataPayloadSchema)
      .min(1)
      .max(990)
      .describe('det: the items, 1 to 990 (the most the layout allows)'),
    pagamento: PagamentoDataPayloadSchema.describe('pag: the payment'),
    outros_pagamentos: z
      .array(PagamentoDataPayloadSchema)
      .max(99)
      .nullable()
      .optional()
      .describe(OUTROS_PAGAMENTOS_DESCRIPTION),
    transporte: TransporteField,
    cobranca: CobrancaField,
    ambiente: AmbienteSchema.describe(
      "ide/tpAmb: homologacao (2, SEFAZ's test environment, no fiscal value) or producao (1). The local SEFAZ (SEFAZ=simulator) serves homologacao only: producao is a 422 there",
    ),
    uf_destino_tipo: UfDestinoTipoSchema.describe(
      "ide/idDest: interna (1, buyer in the emitter's state), interestadual (2) or exterior (3, buyer abroad: destinatario with id_estrangeiro and address_state EX, CFOP 7xxx)",
    ),
    ver_proc: z
      .string()
      .min(1)
      .max(20)
      .describe('ide/verProc: name and version of your application, 1–20 characters'),
    document_model: DocumentModelSchema.default('55').describe('ide/mod: only 55 (NF-e)'),
    fin_nfe: flag().describe(
      'ide/finNFe, purpose: 1 normal (default), 2 complementar, 3 ajuste, 4 devolução, 5 credit note, 6 debit note (5 and 6 carry only IBS/CBS, no ICMS/IPI/PIS/COFINS)',
    ),
    tp_nf_debito: optionalString().describe(
      'ide/tpNFDebito, 01–07, required on a debit note (fin_nfe 6). Example: "05"',
    ),
    tp_nf_credito: optionalString().describe(
      'ide/tpNFCredito, 01–05, required on a credit note (fin_nfe 5). Example: "02"',
    ),
    compra_governamental: CompraGovernamentalPayloadSchema.nullable()
      .optional()
      .describe('ide/gCompraGov: a purchase by a government entity; null or omitted otherwise'),
    ind_final: flag().describe('ide/indFinal: 1 sale to a final consumer (default), 0 normal'),
    ind_pres: flag().describe(
      'ide/indPres, buyer presence: 1 in person (default), 0 not applicable, 2 internet, 3 telephone, 4 NFC-e delivery, 5 in person outside the store, 9 other',
    ),
    tp_emis: flag().describe('ide/tpEmis: 1 normal (default); 2–7 are contingency modes'),
    nat_op: z
      .string()
      .default('Venda')
      .describe('ide/natOp: nature of the operation, 1–60 characters (default \"Venda\")'),
    tp_nf: TpNfField,
    data_saida_entrada: DataSaidaEntradaField,
    ind_intermed: IndIntermedField,
    documentos_referenciados: DocumentosReferenciadosField,
    retirada: RetiradaField,
    entrega: EntregaField,
    autorizados_xml: AutorizadosXmlField,
    intermediador: IntermediadorField,
    informacoes_adicionais: InformacoesAdicionaisField,
    exportacao: ExportacaoField,
    compra: CompraField,
    data_previsao_entrega: DataPrevisaoEntregaField,
    municipio_fato_gerador_ibs: MunicipioFatoGeradorIbsField,
    pagamentos_antecipados: PagamentosAntecipadosField,
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
  .optional()
  .describe('wait=N (1–60): answer when the document is final or after N seconds');

export const EmissionHeadersSchema = fastObject(
  z.object({
    'idempotency-key': z
      .string()
      .min(1)
      .max(255)
      .describe(
        'Any string of 1 to 255 characters (a UUID is a good choice). The same key with the same request returns what the first one created (200, Idempotent-Replayed: true) instead of creating it again, so a retry never issues twice; with other data it is a 422 idempotency_key_reused.',
      ),
    prefer: PreferHeaderSchema,
  }),
);

export const DocumentReadHeadersSchema = z.object({ prefer: PreferHeaderSchema });
