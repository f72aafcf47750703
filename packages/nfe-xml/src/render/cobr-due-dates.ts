import type { IssueList } from '../validate/issues.js';
import { addYears } from '../validate/layout-date.js';
import { type Rejection, ruleIssue } from '../validate/sefaz-rule.js';

const PARENT = ['cobranca', 'duplicatas'];

function at(index: number): (string | number)[] {
  return [...PARENT, index, 'vencimento'];
}

const BEFORE_ISSUE: Rejection = {
  code: 900,
  text: 'Data de vencimento da parcela não informada ou menor que Data de Emissão',
};
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
 * `YYYY-MM-DD` text (undefined where the date itself was refused): none before the previous
 * instalment's (850), here; and, once the date of issue is known (`IssueList.onIssue`, run when
 * the document is rendered for its instant), those that compare with it:
 * - 900: none before the date of issue;
 * - 797 (Y09-50): none more than 10 years after it;
 * - 853 (Y09-40): a single instalment due on the date of issue is a cash sale, which has no
 *   instalments.
 */
export function checkDueDates(issues: IssueList, dates: readonly (string | undefined)[]): void {
  let previous: string | undefined;
  for (let i = 0; i < dates.length; i++) {
    const date = dates[i];
    if (date !== undefined && previous !== undefined && date < previous) {
      ruleIssue(
        issues,
        at(i),
        BEFORE_PREVIOUS,
        `cobranca.duplicatas are due in ascending order; ${date} is before the previous instalment's ${previous}`,
      );
    }
    previous = date;
  }
  if (dates.length > 0) issues.onIssue((day, found) => checkAgainstIssue(found, dates, day.date));
}

/** 900, 797 and 853: the due dates against the date of issue (dhEmi's, in the emitter's state). */
function checkAgainstIssue(
  issues: IssueList,
  dates: readonly (string | undefined)[],
  issueDate: string,
): void {
  const latest = addYears(issueDate, 10);
  for (let i = 0; i < dates.length; i++) {
    const date = dates[i];
    if (date === undefined) continue;
    if (date < issueDate) {
      ruleIssue(
        issues,
        at(i),
        BEFORE_ISSUE,
        `cobranca.duplicatas vencimento ${date} is before the date of issue ${issueDate}`,
      );
    } else if (date > latest) {
      ruleIssue(
        issues,
        at(i),
        TOO_FAR,
        `cobranca.duplicatas vencimento ${date} is more than 10 years after the date of issue ${issueDate}`,
      );
    }
  }
  if (dates.length === 1 && dates[0] === issueDate) {
    ruleIssue(
      issues,
      at(0),
      CASH_SALE,
      'a single instalment due on the date of issue is a cash sale (à vista), which carries no cobranca.duplicatas; leave them out (the fatura may stay)',
    );
  }
}
