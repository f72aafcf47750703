import type { IssueList } from '../validate/issues.js';
import { addYears } from '../validate/layout-date.js';
import { type Rejection, ruleIssue } from '../validate/sefaz-rule.js';

const PARENT = ['cobranca', 'duplicatas'];

function at(index: number): (string | number)[] {
  return [...PARENT, index, 'vencimento'];
}

const BEFORE_ISSUE: Rejection = { code: 900 };
const BEFORE_PREVIOUS: Rejection = {
  code: 850,
  text: 'Data de vencimento da parcela não informada ou menor que a Data de vencimento da parcela anterior',
};
const TOO_FAR: Rejection = {
  code: 797,
  text: 'Data de vencimento da parcela superior a 10 anos da data atual',
};
const CASH_SALE: Rejection = {
  code: 853,
  text: 'Dados de cobrança não devem ser informados para pagamento à vista',
};

/**
 * The due dates of the instalments (MOC 7.0 Anexo I, group Y; NT 2025.001), given as checked
 * `YYYY-MM-DD` text (undefined where the date itself was refused):
 * - 900: none before the issue date;
 * - 850: none before the previous instalment's;
 * - 853 (Y09-40): a single instalment due on the issue date is a cash sale, which has no instalments;
 * - 797 (Y09-50): none more than 10 years after the issue date.
 * The rules against the issue date run only when it is known (`issueDate`).
 */
export function checkDueDates(
  issues: IssueList,
  dates: readonly (string | undefined)[],
  issueDate: string | undefined,
): void {
  const latest = issueDate === undefined ? undefined : addYears(issueDate, 10);
  let previous: string | undefined;
  for (let i = 0; i < dates.length; i++) {
    const date = dates[i];
    if (date === undefined) {
      previous = undefined;
      continue;
    }
    if (issueDate !== undefined && date < issueDate) {
      ruleIssue(
        issues,
        at(i),
        BEFORE_ISSUE,
        `cobranca.duplicatas vencimento ${date} is before the issue date ${issueDate}`,
      );
    } else if (previous !== undefined && date < previous) {
      ruleIssue(
        issues,
        at(i),
        BEFORE_PREVIOUS,
        `cobranca.duplicatas are due in ascending order; ${date} is before the previous instalment's ${previous}`,
      );
    } else if (latest !== undefined && date > latest) {
      ruleIssue(
        issues,
        at(i),
        TOO_FAR,
        `cobranca.duplicatas vencimento ${date} is more than 10 years after the issue date`,
      );
    }
    previous = date;
  }
  if (dates.length === 1 && issueDate !== undefined && dates[0] === issueDate) {
    ruleIssue(
      issues,
      at(0),
      CASH_SALE,
      'a single instalment due on the issue date is a cash sale (à vista), which carries no cobranca.duplicatas; leave them out (the fatura may stay)',
    );
  }
}
