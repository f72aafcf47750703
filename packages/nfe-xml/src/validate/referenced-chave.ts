import { modulo11CheckDigit } from '../chave.js';
import type { IssuePath } from '../errors.js';
import { ufs } from '../ufs.js';
import type { IssueList } from './issues.js';
import { type Rejection, ruleIssue } from './sefaz-rule.js';
import { hasValidCnpjCheckDigits, hasValidCpfCheckDigits } from './tax-id-check-digits.js';
import { checkPattern } from './text.js';
import { digits } from './digits.js';

const STATE_CODES: ReadonlySet<string> = new Set(Object.values(ufs).map((uf) => uf.cUF));
/** The tpEmis a chave may carry (position 35), since it entered the chave in April 2011. */
const EMISSION_TYPES = '12345679';

const rejection = (code: number, text: string): Rejection => ({ code, text });
const WRONG_CHECK_DIGIT = rejection(
  547,
  'Chave de Acesso referenciada com Dígito Verificador inválido',
);
const WRONG_STATE = rejection(522, 'Chave de Acesso referenciada com UF inválida');
export const WRONG_YEAR_MONTH = rejection(524, 'Chave de Acesso referenciada com Ano-Mês inválido');
const WRONG_MODEL = rejection(679, 'Chave de Acesso referenciada com Modelo inválido');
const ZERO_NUMBER = rejection(683, 'Chave de Acesso referenciada com Número inválido');
const WRONG_EMISSION_TYPE = rejection(
  953,
  'Chave de Acesso referenciada com tipo de emissão inválido',
);

/** What a chave must be to name a document of the expected kind (MOC 7.0 Anexo I, group BA). */
export interface ChaveKind {
  /** The models the reference accepts (positions 21–22). */
  readonly models: readonly string[];
  /** The issuer's check (positions 7–20) and its rejection. */
  readonly issuer: (chave: string) => boolean;
  readonly wrongIssuer: Rejection;
  /** Whether the chave's tpEmis (position 35) is checked (BA02-60). */
  readonly emissionType: boolean;
}

/** Series 0–909 are a CNPJ's, 910–969 a CPF's (zero-padded to 14 in the chave); others unchecked. */
function issuerOfItsSeries(chave: string): boolean {
  const serie = Number(chave.slice(22, 25));
  const issuer = chave.slice(6, 20);
  if (serie <= 909) return hasValidCnpjCheckDigits(issuer);
  if (serie <= 969) return issuer.startsWith('000') && hasValidCpfCheckDigits(issuer.slice(3));
  return true;
}

/** refNFe (BA02): an NF-e, NFC-e or CF-e SAT, its issuer a CNPJ or CPF by its series. */
export const REFERENCED_NFE: ChaveKind = {
  models: ['55', '65', '59'],
  issuer: issuerOfItsSeries,
  wrongIssuer: rejection(552, 'Chave de Acesso referenciada com CNPJ/CPF inválido'),
  emissionType: true,
};

/** refCTe (BA19): a CT-e, issued by a CNPJ. */
export const REFERENCED_CTE: ChaveKind = {
  models: ['57'],
  issuer: (chave) => hasValidCnpjCheckDigits(chave.slice(6, 20)),
  wrongIssuer: rejection(552, 'Chave de Acesso referenciada com CNPJ inválido'),
  emissionType: false,
};

/** The first rule of group BA a well-formed 44-digit chave breaks, in SEFAZ's order. */
function firstFailure(chave: string, kind: ChaveKind): [Rejection, string] | undefined {
  if (modulo11CheckDigit(chave.slice(0, 43)) !== chave.charAt(43))
    return [WRONG_CHECK_DIGIT, "the chave's last digit (cDV) is wrong"];
  if (!STATE_CODES.has(chave.slice(0, 2)))
    return [WRONG_STATE, `positions 1–2 (cUF ${chave.slice(0, 2)}) are not a state's IBGE code`];
  const month = Number(chave.slice(4, 6));
  if (Number(chave.slice(2, 4)) < 6 || month < 1 || month > 12)
    return [
      WRONG_YEAR_MONTH,
      `positions 3–6 (AAMM ${chave.slice(2, 6)}) are not a month from 2006 on`,
    ];
  if (!kind.issuer(chave))
    return [
      kind.wrongIssuer,
      "positions 7–20 are not the issuer's CNPJ (or CPF) with its check digits",
    ];
  const model = chave.slice(20, 22);
  if (!kind.models.includes(model))
    return [WRONG_MODEL, `the chave is of model ${model}, not ${kind.models.join(', ')}`];
  if (/^0+$/.test(chave.slice(25, 34))) return [ZERO_NUMBER, 'positions 26–34 (nNF) are zero'];
  if (
    kind.emissionType &&
    (model === '55' || model === '65') &&
    chave.slice(2, 6) > '1104' &&
    !EMISSION_TYPES.includes(chave.charAt(34))
  )
    return [
      WRONG_EMISSION_TYPE,
      `position 35 (tpEmis ${chave.charAt(34)}) is not an emission type`,
    ];
  return undefined;
}

/**
 * A chave de acesso another document has, checked as SEFAZ checks a referenced one, in its order
 * (BA02-10 … BA02-60, BA19-10 … BA19-40), the first failure reported: 44 digits (TChNFe), the
 * check digit (547), a state (522), a month and a year from 2006 (524; the year not after the
 * current one is the date of issue's, `checkChaveYear`), the issuer (552), the model (679), a
 * number above zero (683) and, for an NF-e since April 2011, its emission type (953).
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
  const failure = firstFailure(chave, kind);
  if (failure === undefined) return chave;
  ruleIssue(issues, [...parent, key], failure[0], failure[1]);
  return undefined;
}

/**
 * BA02-20 / BA19-20 against the date of issue: a chave's year (positions 3–4) is not after it
 * (524). Run when the document is rendered for its instant.
 */
export function checkChaveYear(
  issues: IssueList,
  path: IssuePath,
  chave: string,
  issueYear: number,
): void {
  const year = 2000 + Number(chave.slice(2, 4));
  if (year > issueYear)
    ruleIssue(
      issues,
      path,
      WRONG_YEAR_MONTH,
      `positions 3–4 (year 20${chave.slice(2, 4)}) are after the year of issue, ${issueYear}`,
    );
}
