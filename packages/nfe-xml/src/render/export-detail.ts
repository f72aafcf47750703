import { modulo11CheckDigit } from '../chave.js';
import { addDecimals, compareDecimals, type Decimal, decimalToString, ZERO } from '../decimal.js';
import type { IssuePath } from '../errors.js';
import type { NfeDetalheExportacao, NfeExportacaoIndireta } from '../types-item.js';
import type { NfeDocumentoReferenciado } from '../types-references.js';
import { checkDecimal, layoutValue, QUANTITY } from '../validate/decimal-field.js';
import { digits } from '../validate/digits.js';
import type { IssueList } from '../validate/issues.js';
import { ruleIssue } from '../validate/sefaz-rule.js';
import { checkPattern, given } from '../validate/text.js';
import { checkDrawback } from './import-declaration.js';
import { checkList } from './item-lists.js';

/** detExport{0..500} (leiauteNFe_v4.00.xsd, det/prod/detExport). */
const MAX_DETAILS = 500;
const REGISTRATION = /^[0-9]{1,12}$/;
const CHAVE = digits(44);

/** chNFe of an indirect export: 44 digits, a right check digit (342), an NF-e's model 55 (343). */
function checkExportChave(issues: IssueList, path: IssuePath, value: unknown): string | undefined {
  const chave = checkPattern(
    issues,
    path,
    'chave_acesso',
    value,
    CHAVE,
    '44 digits (chave de acesso)',
  );
  if (chave === undefined) return undefined;
  if (modulo11CheckDigit(chave.slice(0, 43)) !== chave.charAt(43)) {
    ruleIssue(
      issues,
      [...path, 'chave_acesso'],
      { code: 342, text: 'Chave de Acesso informada na Exportação Indireta com DV inválido' },
      'the chave of the indirect export has a wrong check digit',
    );
    return undefined;
  }
  if (chave.slice(20, 22) !== '55') {
    ruleIssue(
      issues,
      [...path, 'chave_acesso'],
      { code: 343, text: 'Modelo da NF-e informada na Exportação Indireta diferente de 55' },
      `the chave of the indirect export is of model ${chave.slice(20, 22)}, not an NF-e (55)`,
    );
    return undefined;
  }
  return chave;
}

interface IndirectTotals {
  readonly seen: Set<string>;
  quantity: Decimal;
  /** The NF-e chaves of ide/NFref, read when the first indirect export needs them. */
  referenced?: ReadonlySet<string>;
  readonly references: readonly NfeDocumentoReferenciado[] | null | undefined;
}

function referencedChaves(totals: IndirectTotals): ReadonlySet<string> {
  if (totals.referenced === undefined) {
    const chaves = new Set<string>();
    const references: readonly (NfeDocumentoReferenciado | null | undefined)[] = Array.isArray(
      totals.references,
    )
      ? totals.references
      : [];
    for (const ref of references)
      if (typeof ref?.chave_acesso === 'string') chaves.add(ref.chave_acesso);
    totals.referenced = chaves;
  }
  return totals.referenced;
}

function renderIndirect(
  issues: IssueList,
  path: IssuePath,
  group: NfeExportacaoIndireta,
  totals: IndirectTotals,
): string {
  const nRE = given(group.numero_registro)
    ? checkPattern(
        issues,
        path,
        'numero_registro',
        group.numero_registro,
        REGISTRATION,
        'up to 12 digits (nRE)',
      )
    : '';
  const chave = checkExportChave(issues, path, group.chave_acesso);
  if (chave !== undefined) {
    if (totals.seen.has(chave))
      ruleIssue(
        issues,
        [...path, 'chave_acesso'],
        {
          code: 344,
          text: 'Duplicidade de NF-e informada na Exportação Indireta (Chave de Acesso informada mais de uma vez)',
        },
        'the same NF-e is given twice in the indirect export',
      );
    totals.seen.add(chave);
    if (!referencedChaves(totals).has(chave))
      ruleIssue(
        issues,
        [...path, 'chave_acesso'],
        {
          code: 345,
          text: 'Chave de Acesso informada na Exportação Indireta não consta como NF-e referenciada',
        },
        'the NF-e of the indirect export is also referenced in documentos_referenciados[].chave_acesso',
      );
  }
  const qExport = checkDecimal(issues, path, 'quantidade', group.quantidade, QUANTITY);
  if (qExport !== undefined) totals.quantity = addDecimals(totals.quantity, layoutValue(qExport));
  return `<exportInd><nRE>${nRE ?? ''}</nRE><chNFe>${chave ?? ''}</chNFe><qExport>${qExport ?? ''}</qExport></exportInd>`;
}

/**
 * `<detExport>`…: drawback acts and indirect exports of the item. Each indirect export's NF-e is
 * also referenced in NFref (345); their quantities add up to the item's quantity (346).
 */
export function renderExportDetails(
  issues: IssueList,
  itemPath: IssuePath,
  details: unknown,
  quantity: string | undefined,
  references: readonly NfeDocumentoReferenciado[] | null | undefined,
): string {
  const list = checkList(issues, itemPath, 'exportacao', details, 1, MAX_DETAILS);
  const totals: IndirectTotals = { seen: new Set(), quantity: ZERO, references };
  let indirect = 0;
  let xml = '';
  for (let i = 0; i < list.length; i++) {
    const path = [...itemPath, 'exportacao', i];
    const detail = list[i] as NfeDetalheExportacao;
    const nDraw = given(detail.numero_drawback)
      ? checkDrawback(issues, path, detail.numero_drawback, {
          code: 339,
          text: 'Número do processo de drawback na exportação inválido',
        })
      : undefined;
    let exportInd = '';
    if (given(detail.exportacao_indireta)) {
      indirect++;
      exportInd = renderIndirect(
        issues,
        [...path, 'exportacao_indireta'],
        detail.exportacao_indireta,
        totals,
      );
    }
    xml += `<detExport>${nDraw ? `<nDraw>${nDraw}</nDraw>` : ''}${exportInd}</detExport>`;
  }
  if (indirect > 0 && quantity !== undefined) {
    if (compareDecimals(totals.quantity, layoutValue(quantity)) !== 0)
      ruleIssue(
        issues,
        [...itemPath, 'exportacao'],
        {
          code: 346,
          text: 'Somatório das quantidades informadas na Exportação Indireta não corresponde a quantidade total do item',
        },
        `the quantities of the indirect exports add up to ${decimalToString(totals.quantity)}, not the item's quantidade ${quantity}`,
      );
  }
  return xml;
}
