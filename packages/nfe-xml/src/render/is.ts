import type { RtcIs } from '../rtc/document.js';
import { checkDecimal, PERCENT, QUANTITY } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { checkText, given } from '../validate/text.js';
import { readCodes } from './ibs-cbs.js';
import { mismatch, need, type TaxLine } from './tax-lines.js';

const IS_FOREIGN = [
  'aliquota_st',
  'fcp_percent',
  'mva',
  'csosn',
  'codigo_beneficio',
  'reducao_aliquota_percent',
  'aliquota_efetiva',
  'diferimento_percent',
  'valor_diferido',
  'valor_devolvido',
] as const;

/**
 * `det/imposto/IS` (TIS) from the item's `is` line: CSTIS from `cst`, cClassTribIS from
 * `classificacao_tributaria`; when the line carries values, vBCIS (`base_calc`), pIS (`aliquota`),
 * pISEspec (`aliquota_especifica`), uTrib/qTrib (`unidade_tributavel`/`quantidade_tributavel`,
 * together) and vIS (`valor`). A line of zeros without a rate writes the codes only.
 */
export function buildIs(issues: IssueList, line: TaxLine): RtcIs | undefined {
  const r = line.raw;
  const foreign =
    given(r.aliquota_st) ||
    given(r.fcp_percent) ||
    given(r.mva) ||
    given(r.csosn) ||
    given(r.codigo_beneficio) ||
    given(r.reducao_aliquota_percent) ||
    given(r.aliquota_efetiva) ||
    given(r.diferimento_percent) ||
    given(r.valor_diferido) ||
    given(r.valor_devolvido);
  if (foreign)
    for (const field of IS_FOREIGN)
      if (given(r[field])) mismatch(issues, line, `${field} has no place in IS`);
  if (line.reduction !== undefined)
    mismatch(issues, line, 'the IS base is not reduced: send base_calc_percent 100');
  const { cst, cClassTrib } = readCodes(issues, line);
  const pISEspec = given(r.aliquota_especifica)
    ? checkDecimal(issues, line.path, 'aliquota_especifica', r.aliquota_especifica, PERCENT)
    : undefined;
  const uTrib = given(r.unidade_tributavel)
    ? checkText(issues, line.path, 'unidade_tributavel', r.unidade_tributavel, { min: 1, max: 6 })
    : undefined;
  const qTrib = given(r.quantidade_tributavel)
    ? checkDecimal(issues, line.path, 'quantidade_tributavel', r.quantidade_tributavel, QUANTITY)
    : undefined;
  if (given(r.unidade_tributavel) !== given(r.quantidade_tributavel))
    mismatch(
      issues,
      line,
      'unidade_tributavel and quantidade_tributavel go together (uTrib, qTrib)',
    );
  if (cst === undefined || cClassTrib === undefined) return undefined;
  const valued =
    given(r.aliquota) ||
    pISEspec !== undefined ||
    qTrib !== undefined ||
    (line.baseCalc !== undefined && line.baseCalc !== '0.00') ||
    (line.valor !== undefined && line.valor !== '0.00');
  if (!valued) return { CSTIS: cst, cClassTribIS: cClassTrib };
  return {
    CSTIS: cst,
    cClassTribIS: cClassTrib,
    vBCIS: need(issues, line, line.baseCalc, 'base_calc', 'IS'),
    pIS: need(issues, line, line.aliquota, 'aliquota', 'IS'),
    ...(pISEspec !== undefined ? { pISEspec } : {}),
    ...(uTrib !== undefined && qTrib !== undefined ? { uTrib, qTrib } : {}),
    vIS: need(issues, line, line.valor, 'valor', 'IS'),
  };
}

/** The `is` line field a broken IS rule points at. */
export function isIssueKey(field: string): string | undefined {
  if (field === 'IS/vIS') return 'valor';
  return undefined;
}
