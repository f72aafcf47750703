import type { IssuePath } from '../errors.js';
import type { NfeDevolucao } from '../types-item.js';
import { checkDecimal, MONEY } from '../validate/decimal-field.js';
import { checkPercentUpTo100, PERCENT_2_MAX_100 } from '../validate/item-decimal-kinds.js';
import type { IssueList } from '../validate/issues.js';
import { ruleIssue } from '../validate/sefaz-rule.js';
import { given } from '../validate/text.js';
import { accumulate, type Totals } from './item-totals.js';

/**
 * `<impostoDevol>` (det, after imposto): the share of the goods returned and the IPI returned
 * with them, added to ICMSTot/vIPIDevol (and so to vNF). Only a return of goods (finNFe 4) carries
 * it (354).
 */
export function renderItemReturn(
  issues: IssueList,
  itemPath: IssuePath,
  devolucao: NfeDevolucao,
  finNFe: string | undefined,
  totals: Totals,
): string {
  const path = [...itemPath, 'devolucao'];
  if (finNFe !== undefined && finNFe !== '4')
    ruleIssue(
      issues,
      [...itemPath, 'devolucao'],
      {
        code: 354,
        text: 'Informado grupo de devolução de tributos para NF-e que não tem finalidade de devolução de mercadoria',
      },
      `the returned taxes (impostoDevol) belong to a return of goods (fin_nfe 4), not fin_nfe ${finNFe}`,
    );
  const pDevol = checkPercentUpTo100(
    issues,
    path,
    'percentual',
    devolucao.percentual,
    PERCENT_2_MAX_100,
  );
  const vIPIDevol = given(devolucao.valor_ipi_devolvido)
    ? checkDecimal(issues, path, 'valor_ipi_devolvido', devolucao.valor_ipi_devolvido, MONEY)
    : '0.00';
  accumulate(totals.vIPIDevol, vIPIDevol);
  return `<impostoDevol><pDevol>${pDevol ?? ''}</pDevol><IPI><vIPIDevol>${vIPIDevol ?? ''}</vIPIDevol></IPI></impostoDevol>`;
}
