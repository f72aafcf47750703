import { localDateTime } from './datetime.js';
import type { NfeIssue } from './errors.js';
import type { UfInfo } from './ufs.js';
import { IssueList } from './validate/issues.js';

/**
 * The instant of issue as the rules that compare a request with it see it: dhEmi, and its date in
 * the emitter's state (the date written in dhEmi, not the UTC one).
 */
export interface IssueDay {
  /** dhEmi's date, `YYYY-MM-DD`. */
  readonly date: string;
  readonly year: number;
  readonly month: number;
  /** dhEmi in milliseconds since the epoch, whole seconds. */
  readonly instant: number;
}

/**
 * A rule that compares the request with the date of issue (a due date not before it, a batch not
 * made after it, …). It runs when the document is rendered for its instant: a request checked
 * today and rendered tomorrow is judged by tomorrow's date, the one its dhEmi carries.
 */
export type DatedRule = (day: IssueDay, issues: IssueList) => void;

export function issueDay(issuedAt: Date, uf: UfInfo): IssueDay {
  const local = localDateTime(issuedAt, uf);
  return {
    date: local.text.slice(0, 10),
    year: local.year,
    month: local.month,
    instant: Math.floor(issuedAt.getTime() / 1000) * 1000,
  };
}

/** The issues `rules` find for `day`, in the order they were registered. */
export function datedIssues(rules: readonly DatedRule[], day: IssueDay): NfeIssue[] {
  const issues = new IssueList();
  for (const rule of rules) rule(day, issues);
  return issues.toArray();
}
