import { optionalString } from './common.js';
import { optionalDecimal } from './decimal.js';

/*
 * The tax-line fields of the less common ICMS, IPI, II and PIS/COFINS groups. Each is optional and
 * belongs to the `tax_domain`s its description names; the NF-e builder answers 422 for one given
 * on any other line, and checks each against the layout type of the element it fills.
 */

export const MotivoField = optionalString().describe(
  'icms_desonerado: motDesICMS, the motive of the desoneração (CST 20, 70, 90: 3, 9, 12; CST 30: 6, 7, 9; CST 40/41/50: 1, 3–11, 16, 90; 7 SUFRAMA needs destinatario.inscricao_suframa, SEFAZ 625); icms_st_desonerado: motDesICMSST (3, 9, 12); icms_mono of CST 15: motRedAdRem (1 transporte coletivo, 9 outros). Example: "9"',
);
export const CompoeTotalField = optionalString().describe(
  '"0" or "1". icms_desonerado: indDeduzDeson, whether the waived ICMS was taken off the price and so is deducted from vNF (default "1"); pis_st / cofins_st: indSomaPISST / indSomaCOFINSST, "1" adds the value to vNF (absent: not written, not added)',
);
export const ValorSubstitutoField = optionalDecimal().describe(
  'icms_st_retido: vICMSSubstituto, the own ICMS of the substitute charged in the earlier operation. Example: "60.00"',
);
export const CodigoBeneficioReducaoField = optionalString().describe(
  'icms line of CST 51 with a reduced base: cBenefRBC, the state benefit code of the base reduction (8 or 10 characters). Example: "SP123456"',
);
export const OperacaoPropriaPercentField = optionalDecimal().describe(
  'icms line of CST 10 or 90 in an interstate operation whose ICMS is shared between states (ICMSPart, e.g. direct sale of a new vehicle): pBCOp, the percent of the base of the own operation; give it with uf_st. Example: "50"',
);
export const UfStField = optionalString().describe(
  'icms line of CST 10 or 90 with ICMSPart: UFST, the state the ICMS-ST is owed to. Example: "RJ"',
);
export const CnpjProdutorField = optionalString().describe(
  'ipi: CNPJProd, the CNPJ of the producer when it is not the emitter (check digits verified)',
);
export const SeloControleField = optionalString().describe(
  'ipi: cSelo, the IPI control seal code (1–60 characters)',
);
export const QuantidadeSeloField = optionalString().describe(
  'ipi: qSelo, how many control seals (1–12 digits). Example: "10"',
);
export const ValorDespesasAduaneirasField = optionalDecimal().describe(
  'ii: vDespAdu, the customs charges (default 0). Example: "12.50"',
);
export const ValorIofField = optionalDecimal().describe(
  'ii: vIOF, the IOF of the import (default 0). Example: "1.20"',
);

/** The lines of the less common groups, as the OpenAPI document shows them. */
export const TAX_LINE_GROUPS_DESCRIPTION = `
Beyond \`icms\`, \`icms_st\`, \`fcp\`, \`fcp_st\`, \`icms_uf_dest\`, \`ipi\`, \`pis\` and \`cofins\`, an item's
\`tributos\` may hold at most one line of each of these domains. The caller's tax engine computes every value;
Emissor places it and sums the totals. A line whose fields do not fit the group its item's CST picks is a 422
naming the line (or the field), with the SEFAZ rule and rejection code where the MOC has one.
- \`icms_desonerado\` (CST 20, 30, 40, 41, 50, 70, 90): \`valor\` → vICMSDeson (> 0, SEFAZ 627), \`motivo\` →
  motDesICMS, \`compoe_total\` → indDeduzDeson (default "1": deducted from vNF). Summed into ICMSTot/vICMSDeson.
- \`icms_st_desonerado\` (CST 10, 70, 90): \`valor\` → vICMSSTDeson, \`motivo\` → motDesICMSST.
- \`icms_st_retido\` (CST 60, CSOSN 500; required in ICMSST): \`base_calc\` → vBCSTRet, \`aliquota\` → pST,
  \`valor_substituto\` → vICMSSubstituto, \`valor\` → vICMSSTRet.
- \`fcp_st_retido\` (same groups): \`base_calc\` → vBCFCPSTRet, \`fcp_percent\` → pFCPSTRet (not 0, SEFAZ 881),
  \`valor\` → vFCPSTRet, summed into ICMSTot/vFCPSTRet.
- \`icms_efetivo\` (same groups; on sales to a final consumer some states require it, SEFAZ 906 at the state's
  discretion, so Emissor does not):
  \`base_calc_percent\` < 100 → pRedBCEfet, \`base_calc\` → vBCEfet, \`aliquota\` → pICMSEfet, \`valor\` → vICMSEfet.
- \`icms_st_destino\` (CST 41 or 60, interstate): picks ICMSST (ST retained in the origin state and owed to the
  destination's, repasse): \`base_calc\` → vBCSTDest, \`valor\` → vICMSSTDest.
- CST 10 or 90 with \`operacao_propria_percent\` and \`uf_st\` on the icms line, interstate: ICMSPart (ICMS shared
  between states); own ICMS and the icms_st line are required.
- CST 51 (deferral): the icms line's \`diferimento_percent\` → pDif and \`valor_diferido\` → vICMSDif; its \`valor\` is
  the ICMS due (vICMS) and vICMSOp = valor + valor_diferido (SEFAZ 351: vICMSOp = vBC × pICMS; 352: vICMSDif =
  vICMSOp × pDif; 353; each ±0.01). The fcp line takes the same two fields (pFCPDif, vFCPDif; vFCPEfet = vFCP −
  vFCPDif). \`codigo_beneficio_reducao\` → cBenefRBC.
- Monophase fuels, CST 02, 15, 53, 61 (NT 2023.001): \`icms_mono\` (qBCMono, adRemICMS, vICMSMono; CST 15 also
  \`reducao_aliquota_percent\` → pRedAdRem with \`motivo\` → motRedAdRem), \`icms_mono_retencao\` (CST 15: qBCMonoReten,
  adRemICMSReten, vICMSMonoReten, added to vNF), \`icms_mono_diferido\` (CST 53: qBCMonoDif, adRemICMSDif,
  \`diferimento_percent\` → pDif, \`valor\` → vICMSMonoDif; vICMSMonoOp = icms_mono valor + this valor),
  \`icms_mono_retido\` (CST 61: qBCMonoRet, adRemICMSRet, vICMSMonoRet): \`quantidade_tributavel\` → the quantity,
  \`aliquota_especifica\` → the ad rem amount per unit, \`valor\` → the value. ICMSTot gets qBCMono … vICMSMonoRet.
- \`icms_credito_sn\` (CSOSN 900): \`aliquota\` → pCredSN, \`valor\` → vCredICMSSN (CSOSN 101/201 keep the credit on
  the icms line).
- \`ii\` (import entry, CFOP 3xxx): \`base_calc\` → II/vBC, \`valor\` → vII (summed into ICMSTot/vII, added to vNF),
  \`valor_despesas_aduaneiras\` → vDespAdu, \`valor_iof\` → vIOF.
- \`pis_st\`, \`cofins_st\`: PISST/COFINSST, \`base_calc\` (> 0) + \`aliquota\` or \`quantidade_tributavel\` +
  \`aliquota_especifica\`, \`valor\`, \`compoe_total\` → indSomaPISST/indSomaCOFINSST.
- By quantity: \`ipi\` (CST 00, 49, 50, 99: qUnid, vUnid), \`pis\`/\`cofins\` (CST 03: PISQtde/COFINSQtde; CST 49–99:
  PISOutr/COFINSOutr) take \`quantidade_tributavel\` and \`aliquota_especifica\` (4 places) instead of \`aliquota\`;
  \`base_calc\` is then not written. \`ipi\` also takes \`cnpj_produtor\`, \`selo_controle\`, \`quantidade_selo\`.
- \`tributos_aproximados\` (Lei 12.741): \`valor\` → imposto/vTotTrib, summed into ICMSTot/vTotTrib.
vNF = vProd − vDesc − vICMSDeson (indDeduzDeson 1) + vST + vFCPST + vICMSMonoReten + vFrete + vSeg + vOutro + vII
+ vIPI + vIPIDevol + PIS-ST and COFINS-ST (compoe_total 1).

Example, a CST 40 item sold to the Zona Franca (SUFRAMA) with its desoneração and the approximate tax burden:
{"tax_domain": "icms", "cst": "40", "base_calc": "0", "base_calc_percent": "100", "valor": "0", "rule_id": "…"}
{"tax_domain": "icms_desonerado", "base_calc": "500.00", "base_calc_percent": "100", "aliquota": "18", "valor": "90.00", "motivo": "7", "rule_id": "…"}
{"tax_domain": "tributos_aproximados", "base_calc": "500.00", "base_calc_percent": "100", "aliquota": "31.45", "valor": "157.25", "rule_id": "…"}
`.trim();
