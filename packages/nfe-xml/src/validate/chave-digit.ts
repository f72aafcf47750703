import { modulo11CheckDigit } from '../chave.js';
import type { IssuePath } from '../errors.js';
import { digits } from './digits.js';
import type { IssueList } from './issues.js';
import { checkPattern } from './text.js';

const CHAVE = digits(44);

/**
 * A chave de acesso where the MOC names no rejection of its own for a malformed one: 44 digits
 * (TChNFe) whose last digit is the modulo-11 check digit of the others, and of one of `models`
 * when given (positions 21–22). A mistyped chave is refused before a number is spent.
 */
export function checkChaveWithDigit(
  issues: IssueList,
  parent: IssuePath,
  key: string | number,
  value: unknown,
  models?: readonly string[],
): string | undefined {
  const chave = checkPattern(issues, parent, key, value, CHAVE, '44 digits (chave de acesso)');
  if (chave === undefined) return undefined;
  if (modulo11CheckDigit(chave.slice(0, 43)) !== chave.charAt(43)) {
    issues.at(
      parent,
      key,
      'chave_malformed',
      'The chave is not a valid chave de acesso: its last digit (cDV) is wrong',
    );
    return undefined;
  }
  const model = chave.slice(20, 22);
  if (models && !models.includes(model)) {
    issues.at(
      parent,
      key,
      'chave_malformed',
      `The chave is of model ${model}, not ${models.join(' or ')}`,
    );
    return undefined;
  }
  return chave;
}
