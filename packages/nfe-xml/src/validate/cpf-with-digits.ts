import type { IssuePath } from '../errors.js';
import { checkCpf } from './documents.js';
import type { IssueList } from './issues.js';
import { hasValidCpfCheckDigits } from './tax-id-check-digits.js';

/**
 * A CPF that must exist where the MOC names no rejection of its own: 11 digits, then its check
 * digits (`cpf_check_digits`), so a mistyped one is refused before a number is spent.
 */
export function checkCpfWithDigits(
  issues: IssueList,
  parent: IssuePath,
  key: string,
  value: unknown,
): string | undefined {
  const cpf = checkCpf(issues, parent, key, value);
  if (cpf === undefined) return undefined;
  if (hasValidCpfCheckDigits(cpf)) return cpf;
  issues.at(parent, key, 'cpf_check_digits', "The CPF's check digits are wrong");
  return undefined;
}
