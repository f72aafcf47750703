import type { IssuePath } from '../errors.js';
import { hasValidCnpjCheckDigits, hasValidCpfCheckDigits } from './tax-id-check-digits.js';
import { checkCnpj, checkCpf } from './documents.js';
import type { IssueList } from './issues.js';
import { type Rejection, ruleIssue } from './sefaz-rule.js';

/**
 * A CNPJ that must be a real one: the layout's pattern, then its check digits; wrong digits are the
 * field's own SEFAZ rejection (e.g. 323 for autXML).
 */
export function checkValidCnpj(
  issues: IssueList,
  parent: IssuePath,
  key: string,
  value: unknown,
  rejection: Rejection,
): string | undefined {
  const cnpj = checkCnpj(issues, parent, key, value);
  if (cnpj === undefined) return undefined;
  if (hasValidCnpjCheckDigits(cnpj)) return cnpj;
  ruleIssue(issues, [...parent, key], rejection, "the CNPJ's check digits are wrong");
  return undefined;
}

/** A CPF that must exist: 11 digits, then its check digits (a wrong one is `rejection`). */
export function checkValidCpf(
  issues: IssueList,
  parent: IssuePath,
  key: string,
  value: unknown,
  rejection: Rejection,
): string | undefined {
  const cpf = checkCpf(issues, parent, key, value);
  if (cpf === undefined) return undefined;
  if (hasValidCpfCheckDigits(cpf)) return cpf;
  ruleIssue(issues, [...parent, key], rejection, "the CPF's check digits are wrong");
  return undefined;
}
