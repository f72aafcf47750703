import type { IssuePath } from '../errors.js';
import type { NfeDocumentoReferenciado } from '../types-references.js';
import { ufs } from '../ufs.js';
import { digits } from '../validate/digits.js';
import { checkChaveYear } from '../validate/referenced-chave.js';
import type { IssueList } from '../validate/issues.js';
import { type Rejection, ruleIssue } from '../validate/sefaz-rule.js';
import {
  hasValidCnpjCheckDigits,
  hasValidCpfCheckDigits,
} from '../validate/tax-id-check-digits.js';
import { checkPattern, given } from '../validate/text.js';

/*
 * refNFeSig: an NF-e referenced by its chave with the cNF zeroed, so that the reference does not
 * reveal the chave (and with it the document) to whoever reads this NF-e. SEFAZ checks the chave's
 * parts as it would a chave's, but not its check digit, which the zeroed cNF no longer matches
 * (NT 2022.003, BA02a).
 */

const KEY = 'chave_acesso_sigilosa';
const STATE_CODES: ReadonlySet<string> = new Set(Object.values(ufs).map((uf) => uf.cUF));
/** tpEmis values a chave may carry (BA02a-110). */
const EMISSION_TYPES = '12345679';
const ZEROED_CNF = '00000000';

const rejection = (code: number, text: string): Rejection => ({ code, text });
const NOT_NORMAL = rejection(
  951,
  'Chave de Acesso referenciada com código numérico zerado não permitida para finalidade diferente de normal',
);
const BAD_UF = rejection(522, 'Chave de Acesso referenciada com UF inválida');
const BAD_MONTH = rejection(524, 'Chave de Acesso referenciada com Ano-Mês inválido');
const BAD_ISSUER = rejection(552, 'Chave de Acesso referenciada com CNPJ/CPF inválido');
const BAD_MODEL = rejection(679, 'Chave de Acesso referenciada com Modelo inválido');
const BAD_NUMBER = rejection(683, 'Chave de Acesso referenciada com Número inválido');
const CNF_NOT_ZERO = rejection(955, 'Chave de Acesso referenciada com código numérico não zerado');
const BAD_EMISSION = rejection(953, 'Chave de Acesso referenciada com tipo de emissão inválido');
const DUPLICATE = rejection(680, 'Chave de Acesso referenciada em duplicidade na NF-e');
const NOT_IN_STATE = rejection(
  956,
  'Chave de Acesso referenciada com código numérico zerado não permitida na UF',
);
/** The states that refuse references with a zeroed cNF (BA02a-120). */
const REFUSING_STATES: ReadonlySet<string> = new Set(['PE']);

/** What the checks of a confidential reference read of the document. */
export interface ConfidentialReferenceContext {
  /** ide/finNFe. */
  readonly finNFe: string;
  /** The emitter's state. */
  readonly emitterUf?: string;
}

/** The issuer (CNPJ, or a CPF zero-padded for series 910–969) has its check digits. */
function issuerIsValid(chave: string): boolean {
  const serie = Number(chave.slice(22, 25));
  const issuer = chave.slice(6, 20);
  if (serie >= 910 && serie <= 969)
    return issuer.startsWith('000') && hasValidCpfCheckDigits(issuer.slice(3));
  return !/^0+$/.test(issuer) && hasValidCnpjCheckDigits(issuer);
}

/**
 * `<refNFeSig>`: only in a normal NF-e (BA02a-10, 951) and not in a state that refuses it
 * (BA02a-120, 956); the chave's state (522), month and year from 2006 to the year of issue
 * (524), issuer (552), model 55 (679),
 * number (683), emission type (953) and the zeroed cNF (955).
 */
export function renderConfidentialReference(
  issues: IssueList,
  parent: IssuePath,
  value: unknown,
  ctx: ConfidentialReferenceContext,
): string {
  const path = [...parent, KEY];
  const chave = checkPattern(issues, parent, KEY, value, digits(44), '44 digits (chave de acesso)');
  if (ctx.finNFe !== '1')
    ruleIssue(
      issues,
      path,
      NOT_NORMAL,
      `only a normal NF-e (fin_nfe 1) references by a confidential chave; fin_nfe is ${ctx.finNFe}`,
    );
  if (ctx.emitterUf !== undefined && REFUSING_STATES.has(ctx.emitterUf))
    ruleIssue(
      issues,
      path,
      NOT_IN_STATE,
      `${ctx.emitterUf} does not accept references by a confidential chave: use chave_acesso`,
    );
  if (chave === undefined) return '<NFref><refNFeSig></refNFeSig></NFref>';
  const checks: [boolean, Rejection, string][] = [
    [
      STATE_CODES.has(chave.slice(0, 2)),
      BAD_UF,
      `positions 1–2 (${chave.slice(0, 2)}) are not a state's IBGE code`,
    ],
    [
      Number(chave.slice(2, 4)) >= 6 &&
        Number(chave.slice(4, 6)) >= 1 &&
        Number(chave.slice(4, 6)) <= 12,
      BAD_MONTH,
      `positions 3–6 (AAMM ${chave.slice(2, 6)}) are not a month from 2006 on`,
    ],
    [
      issuerIsValid(chave),
      BAD_ISSUER,
      "positions 7–20 are not the issuer's CNPJ (or CPF) with its check digits",
    ],
    [
      chave.slice(20, 22) === '55',
      BAD_MODEL,
      `the chave is of model ${chave.slice(20, 22)}, not 55`,
    ],
    [!/^0+$/.test(chave.slice(25, 34)), BAD_NUMBER, 'positions 26–34 (nNF) are zero'],
    [
      EMISSION_TYPES.includes(chave.charAt(34)),
      BAD_EMISSION,
      `position 35 (tpEmis ${chave.charAt(34)}) is not an emission type`,
    ],
    [chave.slice(35, 43) === ZEROED_CNF, CNF_NOT_ZERO, 'positions 36–43 (cNF) must be zeros'],
  ];
  for (const [ok, code, message] of checks) if (!ok) ruleIssue(issues, path, code, message);
  // Nor of a year after the NF-e's own (524), known when it is rendered for its instant.
  issues.onIssue((day, found) => checkChaveYear(found, path, chave, day.year));
  return `<NFref><refNFeSig>${chave}</refNFeSig></NFref>`;
}

/** A document's identity in a chave: state, issuer, model, series and number. */
function naturalKey(chave: string): string {
  return chave.slice(0, 2) + chave.slice(6, 34);
}

/**
 * A confidential reference names a document no other reference names: not twice (its check digit
 * aside; BA02a-80) and not also by its full chave (BA02a-90), both 680.
 */
export function checkConfidentialDuplicates(
  issues: IssueList,
  key: string,
  refs: readonly NfeDocumentoReferenciado[],
): void {
  const full = new Set<string>();
  for (const r of refs)
    if (typeof r?.chave_acesso === 'string' && r.chave_acesso.length === 44)
      full.add(naturalKey(r.chave_acesso));
  const confidential = new Set<string>();
  for (let i = 0; i < refs.length; i++) {
    const chave = refs[i]?.chave_acesso_sigilosa;
    if (!given(chave) || typeof chave !== 'string' || chave.length !== 44) continue;
    const path = [key, i, KEY];
    if (confidential.has(chave.slice(0, 43)))
      ruleIssue(issues, path, DUPLICATE, 'the same NF-e is referenced twice');
    else if (full.has(naturalKey(chave)))
      ruleIssue(issues, path, DUPLICATE, 'the same NF-e is also referenced by its chave_acesso');
    confidential.add(chave.slice(0, 43));
  }
}
