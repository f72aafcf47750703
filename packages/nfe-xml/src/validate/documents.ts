import type { IssuePath } from '../errors.js';
import { CNPJ_PATTERN, NUMERIC_CNPJ_PATTERN } from '../primitives/cnpj.js';
import type { IssueList } from './issues.js';
import { checkPattern } from './text.js';

/**
 * Whether the layout this library writes accepts the alphanumeric CNPJ. Both shipped packs
 * (PL_009 and PL_010b) still define TCnpj as `[0-9]{14}` and TChNFe as `[0-9]{44}`; the letters
 * arrive with a later PL_010 revision. Until then such a CNPJ is an issue, never an invalid XML.
 */
export const LAYOUT_ACCEPTS_ALPHANUMERIC_CNPJ = false;

/** A CNPJ that may reach the XML: the API's pattern, then the layout's. */
export function checkCnpj(
  issues: IssueList,
  parent: IssuePath,
  key: string,
  value: unknown,
): string | undefined {
  const cnpj = checkPattern(
    issues,
    parent,
    key,
    value,
    CNPJ_PATTERN,
    '14 characters: 12 of [0-9A-Z] then 2 digits (CNPJ)',
  );
  if (cnpj && !LAYOUT_ACCEPTS_ALPHANUMERIC_CNPJ && !NUMERIC_CNPJ_PATTERN.test(cnpj)) {
    issues.at(
      parent,
      key,
      'cnpj_alphanumeric_unsupported',
      'The NF-e 4.00 schema packs in use (PL_009, PL_010b) accept only all-digit CNPJs in the document',
    );
    return undefined;
  }
  return cnpj;
}

const CPF = /^\d{11}$/;

export function checkCpf(
  issues: IssueList,
  parent: IssuePath,
  key: string,
  value: unknown,
): string | undefined {
  return checkPattern(issues, parent, key, value, CPF, '11 digits (CPF)');
}
