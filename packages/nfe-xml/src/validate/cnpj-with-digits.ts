import type { IssuePath } from '../errors.js';
import { checkCnpj } from './documents.js';
import type { IssueList } from './issues.js';
import { hasValidCnpjCheckDigits } from './tax-id-check-digits.js';

/**
 * A CNPJ that must exist where the MOC names no rejection of its own: the layout's pattern, then
 * its check digits (`cnpj_check_digits`), so a mistyped one is refused before a number is spent.
 */
export function checkCnpjWithDigits(
  issues: IssueList,
  parent: IssuePath,
  key: string,
  value: unknown,
): string | undefined {
  const cnpj = checkCnpj(issues, parent, key, value);
  if (cnpj === undefined) return undefined;
  if (hasValidCnpjCheckDigits(cnpj)) return cnpj;
  issues.at(parent, key, 'cnpj_check_digits', "The CNPJ's check digits are wrong");
  return undefined;
}
