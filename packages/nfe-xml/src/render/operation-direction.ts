import type { NfeItem } from '../types.js';
import type { IssueList } from '../validate/issues.js';
import { ruleIssue } from '../validate/sefaz-rule.js';

/**
 * A CFOP's first digit says the goods' direction: 1–3 come in, 5–7 go out. An NF-e of goods
 * leaving (tpNF 1) carries only exit CFOPs (518), one of goods entering (tpNF 0) only entry CFOPs
 * (519). The item's CFOP is its tax engine's (`fiscal_result.cfop`), the one written.
 */
export function checkOperationDirection(
  issues: IssueList,
  tpNF: string | undefined,
  itens: readonly NfeItem[],
  count: number,
): void {
  if (tpNF !== '0' && tpNF !== '1') return;
  const saida = tpNF === '1';
  for (let i = 0; i < count; i++) {
    const cfop = itens[i]?.fiscal_result?.cfop;
    if (typeof cfop !== 'string' || cfop.length !== 4) continue;
    const first = cfop.charCodeAt(0);
    // '1'–'3' (49–51) are entries, '5'–'7' (53–55) exits; other digits are the pattern's issue.
    const entry = first >= 49 && first <= 51;
    const exit = first >= 53 && first <= 55;
    if (saida && entry)
      ruleIssue(
        issues,
        ['itens', i, 'fiscal_result', 'cfop'],
        { code: 518, text: 'CFOP de entrada para NF-e de saída' },
        `CFOP ${cfop} is an entry CFOP, and tp_nf 1 is an NF-e of goods leaving; use tp_nf 0 for goods entering`,
      );
    else if (!saida && exit)
      ruleIssue(
        issues,
        ['itens', i, 'fiscal_result', 'cfop'],
        { code: 519, text: 'CFOP de saída para NF-e de entrada' },
        `CFOP ${cfop} is an exit CFOP, and tp_nf 0 is an NF-e of goods entering`,
      );
  }
}
