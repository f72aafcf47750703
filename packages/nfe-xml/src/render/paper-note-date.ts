import type { IssueDay } from '../dated-rules.js';
import type { IssuePath } from '../errors.js';
import type { IssueList } from '../validate/issues.js';
import { type Rejection, ruleIssue } from '../validate/sefaz-rule.js';

/** The paper notes' rejections of BA05-10 (a model 1 or 2 note) and BA12-10 (a producer's note). */
export const MODEL_1_DATE: Rejection = {
  code: 317,
  text: 'NF modelo 1 referenciada com data de emissão inválida',
};
export const PRODUCER_NOTE_DATE: Rejection = {
  code: 322,
  text: 'NF de produtor referenciada com data de emissão inválida',
};

/**
 * A referenced paper note (AAMM) issued no later than the month of issue and no more than 20
 * years before it. A two-digit year after the year of issue's is of the last century.
 */
export function checkPaperNoteDate(
  issues: IssueList,
  path: IssuePath,
  aamm: string,
  rejection: Rejection,
  day: IssueDay,
): void {
  const yy = Number(aamm.slice(0, 2));
  const century = yy > day.year % 100 ? 1900 : 2000;
  const months = (century + yy) * 12 + Number(aamm.slice(2, 4));
  const now = day.year * 12 + day.month;
  if (months > now)
    ruleIssue(issues, path, rejection, `the note (AAMM ${aamm}) is dated after the month of issue`);
  else if (now - months > 20 * 12)
    ruleIssue(
      issues,
      path,
      rejection,
      `the note (AAMM ${aamm}) was issued more than 20 years before the NF-e`,
    );
}
