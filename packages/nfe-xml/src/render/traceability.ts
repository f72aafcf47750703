import type { IssuePath } from '../errors.js';
import type { NfeRastro } from '../types-item.js';
import { checkDecimal } from '../validate/decimal-field.js';
import { LOT_QUANTITY } from '../validate/item-decimal-kinds.js';
import type { IssueList } from '../validate/issues.js';
import { checkLayoutDate } from '../validate/layout-date.js';
import { ruleIssue } from '../validate/sefaz-rule.js';
import { checkText, given, type TextRule } from '../validate/text.js';
import { escapeText } from '../xml-escape.js';
import { checkList } from './item-lists.js';

/** rastro{0..500} (leiauteNFe_v4.00.xsd, det/prod/rastro). */
const MAX_BATCHES = 500;
const CODE_20: TextRule = { min: 1, max: 20 };

/** 877: a batch is made no later than the day the NF-e is issued (dhEmi's, emitter's state). */
function checkMadeBeforeIssue(
  issues: IssueList,
  path: IssuePath,
  dFab: string,
  issueDate: string,
): void {
  if (dFab > issueDate)
    ruleIssue(
      issues,
      [...path, 'data_fabricacao'],
      { code: 877, text: 'Data de fabricação maior que a data de processamento' },
      `the batch is made (${dFab}) after the NF-e is issued (${issueDate})`,
    );
}

/**
 * `<rastro>`…: the batches the item comes from. A batch expires no earlier than it was made (870)
 * and was made no later than the NF-e is issued (877, checked when the document is rendered for
 * its instant); dates in TData form compare as strings.
 */
export function renderBatches(issues: IssueList, itemPath: IssuePath, batches: unknown): string {
  const list = checkList(issues, itemPath, 'rastreabilidade', batches, 1, MAX_BATCHES);
  let xml = '';
  for (let i = 0; i < list.length; i++) {
    const path = [...itemPath, 'rastreabilidade', i];
    const batch = list[i] as NfeRastro;
    const nLote = checkText(issues, path, 'lote', batch.lote, CODE_20);
    const qLote = checkDecimal(issues, path, 'quantidade', batch.quantidade, LOT_QUANTITY);
    const dFab = checkLayoutDate(issues, path, 'data_fabricacao', batch.data_fabricacao);
    const dVal = checkLayoutDate(issues, path, 'data_validade', batch.data_validade);
    if (dFab && dVal && dVal < dFab)
      ruleIssue(
        issues,
        [...path, 'data_validade'],
        { code: 870, text: 'Data de validade incompatível com data de fabricação' },
        `the batch expires (${dVal}) before it was made (${dFab})`,
      );
    if (dFab) issues.onIssue((day, found) => checkMadeBeforeIssue(found, path, dFab, day.date));
    const cAgreg = given(batch.codigo_agregacao)
      ? checkText(issues, path, 'codigo_agregacao', batch.codigo_agregacao, CODE_20)
      : undefined;
    xml +=
      `<rastro><nLote>${escapeText(nLote ?? '')}</nLote><qLote>${qLote ?? ''}</qLote>` +
      `<dFab>${dFab ?? ''}</dFab><dVal>${dVal ?? ''}</dVal>` +
      (cAgreg ? `<cAgreg>${escapeText(cAgreg)}</cAgreg>` : '') +
      '</rastro>';
  }
  return xml;
}
