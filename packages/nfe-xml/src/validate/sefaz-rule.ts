import type { IssuePath } from '../errors.js';
import type { IssueList } from './issues.js';

/** The issue type of a request that breaks a SEFAZ validation rule (MOC Anexo I), not the schema. */
export const NFE_RULE = 'nfe_rule';

/** A SEFAZ rejection: its code and, where it is fixed, the authoriser's own text. */
export interface Rejection {
  readonly code: number;
  readonly text?: string;
}

/**
 * Reports a broken SEFAZ rule as the authoriser would name it — its rejection code and official
 * text — then what to change in the request.
 */
export function ruleIssue(
  issues: IssueList,
  path: IssuePath,
  rejection: Rejection,
  message: string,
): void {
  const name = rejection.text === undefined ? '' : ` (${rejection.text})`;
  issues.add(path, NFE_RULE, `SEFAZ rejection ${rejection.code}${name}: ${message}`);
}
