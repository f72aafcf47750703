import { modulo11CheckDigit } from '../chave.js';
import type { IssuePath } from '../errors.js';
import { ufs } from '../ufs.js';
import type { IssueList } from './issues.js';
import { type Rejection, ruleIssue } from './sefaz-rule.js';
import { hasValidCnpjCheckDigits, hasValidCpfCheckDigits } from './tax-id-check-digits.js';
import { checkPattern } from './text.js';
import { digits } from './digits.js';

const STATE_CODES: ReadonlySet<string> = new Set(Object.values(ufs).map((uf) => uf.cUF));

/** What a chave must be to name a document of the expected kind. */
export interface ChaveKind {
  /** The models the reference accepts (positions 21–22), e.g. 55 and 65 for refNFe. */
  readonly models: readonly string[];
  readonly wrongModel: Rejection;
  readonly wrongCheckDigit: Rejection;
}

/**
 * A chave de acesso another document has: 44 digits (TChNFe) that are a well-formed chave — a
 * state's cUF, a real month in AAMM, the issuer's CNPJ (or a CPF, zero-padded) with its check
 * digits, the expected model, a number above 0 and the modulo-11 check digit. SEFAZ looks the
 * chave up, so a malformed one can only be refused later, after a number is spent.
 */
export function checkReferencedChave(
  issues: IssueList,
  parent: IssuePath,
  key: string,
  value: unknown,
  kind: ChaveKind,
): string | undefined {
  const chave = checkPattern(issues, parent, key, value, digits(44), '44 digits (chave de acesso)');
  if (chave === undefined) return undefined;
  const path = [...parent, key];
  const malformed = (what: string) =>
    issues.add(path, 'chave_malformed', `The chave is not a valid chave de acesso: ${what}`);
  const before = issues.count;
  if (!STATE_CODES.has(chave.slice(0, 2)))
    malformed(`positions 1–2 (cUF ${chave.slice(0, 2)}) are not a state's IBGE code`);
  const month = Number(chave.slice(4, 6));
  if (month < 1 || month > 12)
    malformed(`positions 5–6 (the month of AAMM, ${chave.slice(4, 6)}) are not a month`);
  const issuer = chave.slice(6, 20);
  const cpfIssuer = issuer.startsWith('000') && hasValidCpfCheckDigits(issuer.slice(3));
  if (!hasValidCnpjCheckDigits(issuer) && !cpfIssuer)
    malformed("positions 7–20 are not the issuer's CNPJ (or CPF) with its check digits");
  if (/^0+$/.test(chave.slice(25, 34))) malformed('positions 26–34 (nNF) are zero');
  if (issues.count > before) return undefined;
  const model = chave.slice(20, 22);
  if (!kind.models.includes(model)) {
    ruleIssue(
      issues,
      path,
      kind.wrongModel,
      `the chave is of model ${model}, not ${kind.models.join(' or ')}`,
    );
    return undefined;
  }
  if (modulo11CheckDigit(chave.slice(0, 43)) !== chave.charAt(43)) {
    ruleIssue(issues, path, kind.wrongCheckDigit, "the chave's last digit (cDV) is wrong");
    return undefined;
  }
  return chave;
}
