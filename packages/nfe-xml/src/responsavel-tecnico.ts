import { createHash } from 'node:crypto';

import { NfeValidationError, type NfeIssue } from './errors.js';
import { IssueList } from './validate/issues.js';
import { checkValidCnpj } from './validate/tax-ids.js';
import { checkPattern, checkText, given } from './validate/text.js';
import { escapeText } from './xml-escape.js';

/** The responsável técnico as configured: the software house that runs the emitting system. */
export interface NfeResponsavelTecnicoInput {
  /** CNPJ, with its check digits. */
  cnpj: string;
  /** xContato: the person to contact, 2–60 characters. */
  contato: string;
  /** email, 6–60 characters. */
  email: string;
  /** fone, 6–14 digits. */
  fone: string;
  /** idCSRT: the id (2 digits) of the CSRT the UF issued, with `csrt`. */
  csrt_id?: string | null;
  /** The CSRT itself: a secret, used only for hashCSRT and never written or shown. */
  csrt?: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\d{6,14}$/;
const CSRT_ID = /^\d{2}$/;

/** The problems of a configuration, with paths named as its keys (`cnpj`, `csrt_id`, …). */
function issuesOf(input: NfeResponsavelTecnicoInput): IssueList {
  const issues = new IssueList();
  checkValidCnpj(issues, [], 'cnpj', input.cnpj, {
    code: 973,
    text: 'CNPJ do responsável técnico inválido',
  });
  checkText(issues, [], 'contato', input.contato, { min: 2, max: 60 });
  if (checkText(issues, [], 'email', input.email, { min: 6, max: 60 }) && !EMAIL.test(input.email))
    issues.add(['email'], 'value_error', 'Input should be an e-mail address');
  checkPattern(issues, [], 'fone', input.fone, PHONE, '6 to 14 digits (fone)');
  if (given(input.csrt_id) !== given(input.csrt)) {
    issues.add(
      [given(input.csrt_id) ? 'csrt' : 'csrt_id'],
      'missing',
      'The CSRT and its id go together: give both or neither',
    );
  } else if (given(input.csrt_id)) {
    checkPattern(issues, [], 'csrt_id', input.csrt_id, CSRT_ID, '2 digits (idCSRT)');
    // Never echo it: only whether it is usable.
    if (typeof input.csrt !== 'string' || input.csrt.trim() === '')
      issues.add(['csrt'], 'string_too_short', 'The CSRT should not be empty');
  }
  return issues;
}

/**
 * `infRespTec` of every NF-e a deployment issues (NT 2018.005): the software house's CNPJ and
 * contact and, where the UF issued one, the CSRT's id and hashCSRT = base64(SHA-1(CSRT + chave)).
 * The CSRT lives only in a private field: it is not enumerable, not in `toJSON` and not shown by
 * `util.inspect`, so logging this object cannot leak it.
 */
export class ResponsavelTecnico {
  readonly cnpj: string;
  readonly contato: string;
  readonly email: string;
  readonly fone: string;
  readonly csrtId: string | undefined;
  readonly #csrt: string | undefined;
  /** `<infRespTec>` up to the CSRT part. */
  readonly #head: string;

  private constructor(input: NfeResponsavelTecnicoInput) {
    this.cnpj = input.cnpj;
    this.contato = input.contato;
    this.email = input.email;
    this.fone = input.fone;
    this.csrtId = given(input.csrt_id) ? input.csrt_id : undefined;
    this.#csrt = given(input.csrt) ? input.csrt : undefined;
    this.#head =
      `<infRespTec><CNPJ>${this.cnpj}</CNPJ><xContato>${escapeText(this.contato)}</xContato>` +
      `<email>${escapeText(this.email)}</email><fone>${this.fone}</fone>`;
  }

  /** What is wrong with a configuration (empty when it is usable). Messages never hold the CSRT. */
  static check(input: NfeResponsavelTecnicoInput): NfeIssue[] {
    return issuesOf(input).toArray();
  }

  /** A checked responsável técnico; throws `NfeValidationError` listing what is wrong. */
  static from(input: NfeResponsavelTecnicoInput): ResponsavelTecnico {
    const issues = issuesOf(input);
    if (issues.count > 0) throw new NfeValidationError(issues.toArray());
    return new ResponsavelTecnico(input);
  }

  /** `<infRespTec>` of the document whose chave is `chave`. */
  render(chave: string): string {
    if (this.#csrt === undefined || this.csrtId === undefined) return `${this.#head}</infRespTec>`;
    const hash = createHash('sha1')
      .update(this.#csrt + chave, 'utf8')
      .digest('base64');
    return `${this.#head}<idCSRT>${this.csrtId}</idCSRT><hashCSRT>${hash}</hashCSRT></infRespTec>`;
  }

  /** The public part (never the CSRT). */
  toJSON(): { cnpj: string; contato: string; email: string; fone: string; csrt_id?: string } {
    return {
      cnpj: this.cnpj,
      contato: this.contato,
      email: this.email,
      fone: this.fone,
      ...(this.csrtId !== undefined ? { csrt_id: this.csrtId } : {}),
    };
  }
}
