import type { IssuePath } from '../errors.js';
import type {
  NfeCupomFiscal,
  NfeDocumentoReferenciado,
  NfeNotaModelo1,
  NfeNotaProdutor,
} from '../types-references.js';
import type { NfeItem } from '../types.js';
import { ufInfo } from '../ufs.js';
import { digits } from '../validate/digits.js';
import type { IssueList } from '../validate/issues.js';
import {
  checkChaveYear,
  checkReferencedChave,
  REFERENCED_CTE,
  REFERENCED_NFE,
} from '../validate/referenced-chave.js';
import { type Rejection, ruleIssue } from '../validate/sefaz-rule.js';
import { checkValidCnpj, checkValidCpf } from '../validate/tax-ids.js';
import { checkLiteral, checkPattern, given } from '../validate/text.js';
import { checkUf } from './address.js';
import { checkPaperNoteDate, MODEL_1_DATE, PRODUCER_NOTE_DATE } from './paper-note-date.js';
import {
  checkConfidentialDuplicates,
  type ConfidentialReferenceContext,
  renderConfidentialReference,
} from './nfref-sigilosa.js';

const KEY = 'documentos_referenciados';
/** NFref{0..500} (MOC; the schema packs allow 999). */
export const MAX_REFERENCES = 500;
/** A return of these CFOPs (goods the buyer refused or never received) needs no reference. */
const RETURNS_WITHOUT_REFERENCE: ReadonlySet<string> = new Set([
  '1201',
  '1202',
  '1410',
  '1411',
  '5921',
  '6921',
]);
const KINDS = [
  'chave_acesso',
  'chave_acesso_sigilosa',
  'chave_cte',
  'nota_modelo_1',
  'produtor_rural',
  'cupom_fiscal',
] as const;

const AAMM = /^\d{2}(0[1-9]|1[0-2])$/;
const IE_PRODUTOR = /^(ISENTO|\d{2,14})$/;

/** serie (TSerie, 0–999) or nNF (TNF, 1–999999999) of a referenced paper note. */
function checkInteger(
  issues: IssueList,
  parent: IssuePath,
  key: 'serie' | 'numero',
  value: unknown,
): number | undefined {
  const [min, max] = key === 'serie' ? [0, 999] : [1, 999_999_999];
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    issues.at(
      parent,
      key,
      value === undefined || value === null ? 'missing' : 'int_type',
      'Input should be a valid integer',
    );
    return undefined;
  }
  if (value < min || value > max) {
    issues.at(
      parent,
      key,
      value < min ? 'greater_than_equal' : 'less_than_equal',
      `Input should be from ${min} to ${max}`,
    );
    return undefined;
  }
  return value;
}

/**
 * cUF and AAMM of a referenced paper note; AAMM not after the month of issue nor more than 20
 * years before it (`dateRule`, when the document is rendered for its instant).
 */
function issuedIn(
  issues: IssueList,
  path: IssuePath,
  note: { uf: unknown; ano_mes: unknown },
  dateRule: Rejection,
): string {
  const uf = checkUf(issues, path, 'uf', note.uf);
  const aamm = checkPattern(
    issues,
    path,
    'ano_mes',
    note.ano_mes,
    AAMM,
    'AAMM: year and month of issue, e.g. 2611',
  );
  if (aamm !== undefined)
    issues.onIssue((day, found) =>
      checkPaperNoteDate(found, [...path, 'ano_mes'], aamm, dateRule, day),
    );
  return `<cUF>${(uf && ufInfo(uf)?.cUF) ?? ''}</cUF><AAMM>${aamm ?? ''}</AAMM>`;
}

function refNF(issues: IssueList, path: IssuePath, n: NfeNotaModelo1, seen: Set<string>): string {
  const head = issuedIn(issues, path, n, MODEL_1_DATE);
  const cnpj = checkValidCnpj(issues, path, 'cnpj', n.cnpj, {
    code: 548,
    text: 'CNPJ da NF referenciada inválido.',
  });
  const mod = checkLiteral(issues, path, 'modelo', n.modelo ?? '01', ['01', '02']);
  const serie = checkInteger(issues, path, 'serie', n.serie);
  const nNF = checkInteger(issues, path, 'numero', n.numero);
  duplicate(issues, path, seen, `NF|${cnpj}|${mod}|${serie}|${nNF}`, {
    code: 681,
    text: 'Duplicidade de NF Modelo 1 referenciada (CNPJ, Modelo, Série e Número)',
  });
  return `<refNF>${head}<CNPJ>${cnpj ?? ''}</CNPJ><mod>${mod ?? ''}</mod><serie>${serie ?? ''}</serie><nNF>${nNF ?? ''}</nNF></refNF>`;
}

function refNFP(issues: IssueList, path: IssuePath, n: NfeNotaProdutor, seen: Set<string>): string {
  const head = issuedIn(issues, path, n, PRODUCER_NOTE_DATE);
  let doc = '';
  if (given(n.cnpj) === given(n.cpf)) {
    issues.at(
      path,
      'cnpj',
      given(n.cnpj) ? 'cnpj_and_cpf' : 'missing',
      "Give the producer's cnpj or cpf (one of them)",
    );
  } else if (given(n.cnpj)) {
    const cnpj = checkValidCnpj(issues, path, 'cnpj', n.cnpj, {
      code: 549,
      text: 'CNPJ da NF referenciada de produtor inválido',
    });
    doc = `<CNPJ>${cnpj ?? ''}</CNPJ>`;
  } else {
    const cpf = checkValidCpf(issues, path, 'cpf', n.cpf, {
      code: 550,
      text: 'CPF da NF referenciada de produtor inválido.',
    });
    doc = `<CPF>${cpf ?? ''}</CPF>`;
  }
  const ie = checkPattern(
    issues,
    path,
    'ie',
    n.ie,
    IE_PRODUTOR,
    '2 to 14 digits or ISENTO (TIeDest)',
  );
  const mod = checkLiteral(issues, path, 'modelo', n.modelo ?? '04', ['04', '01']);
  const serie = checkInteger(issues, path, 'serie', n.serie);
  const nNF = checkInteger(issues, path, 'numero', n.numero);
  duplicate(issues, path, seen, `NFP|${ie}|${mod}|${serie}|${nNF}`, {
    code: 682,
    text: 'Duplicidade de NF de Produtor referenciada (IE, Modelo, Série e Número)',
  });
  return `<refNFP>${head}${doc}<IE>${ie ?? ''}</IE><mod>${mod ?? ''}</mod><serie>${serie ?? ''}</serie><nNF>${nNF ?? ''}</nNF></refNFP>`;
}

function refECF(issues: IssueList, path: IssuePath, c: NfeCupomFiscal, seen: Set<string>): string {
  const mod = checkLiteral(issues, path, 'modelo', c.modelo, ['2B', '2C', '2D']);
  const nECF = checkPattern(
    issues,
    path,
    'numero_ecf',
    c.numero_ecf,
    digits(1, 2, 3),
    '1 to 3 digits (nECF)',
  );
  const nCOO = checkPattern(
    issues,
    path,
    'coo',
    c.coo,
    digits(1, 2, 3, 4, 5, 6),
    '1 to 6 digits (nCOO)',
  );
  duplicate(issues, path, seen, `ECF|${mod}|${nECF}|${nCOO}`, {
    code: 684,
    text: 'Duplicidade de Cupom Fiscal referenciado (Modelo, Número de Ordem e COO)',
  });
  return `<refECF><mod>${mod ?? ''}</mod><nECF>${nECF ?? ''}</nECF><nCOO>${nCOO ?? ''}</nCOO></refECF>`;
}

/** A reference given twice is a rejection of its own (680–684). */
function duplicate(
  issues: IssueList,
  path: IssuePath,
  seen: Set<string>,
  identity: string,
  rejection: Rejection,
): void {
  if (identity.includes('undefined')) return;
  if (seen.has(identity))
    ruleIssue(issues, path, rejection, 'the same document is referenced twice');
  else seen.add(identity);
}

/**
 * A well-formed chave of refNFe or refCTe: given once (680), and of a year not after the year of
 * issue (524, when the document is rendered for its instant).
 */
function referencedChave(
  issues: IssueList,
  path: IssuePath,
  seen: Set<string>,
  identity: string,
  chave: string,
): void {
  duplicate(issues, path, seen, identity, {
    code: 680,
    text: 'Chave de Acesso referenciada em duplicidade na NF-e',
  });
  issues.onIssue((day, found) => checkChaveYear(found, path, chave, day.year));
}

/** One NFref: exactly one kind of reference, each checked as SEFAZ does. */
function renderReference(
  issues: IssueList,
  r: NfeDocumentoReferenciado,
  i: number,
  seen: Set<string>,
  ctx: ConfidentialReferenceContext,
): string {
  const path: IssuePath = [KEY, i];
  const kinds = KINDS.filter((kind) => given(r[kind]));
  if (kinds.length !== 1) {
    issues.add(path, 'one_of', `Each reference holds exactly one of ${KINDS.join(', ')}`);
    return '';
  }
  if (given(r.chave_acesso)) {
    const chave = checkReferencedChave(
      issues,
      path,
      'chave_acesso',
      r.chave_acesso,
      REFERENCED_NFE,
    );
    if (chave) referencedChave(issues, [...path, 'chave_acesso'], seen, `NFe|${chave}`, chave);
    return `<NFref><refNFe>${chave ?? ''}</refNFe></NFref>`;
  }
  if (given(r.chave_acesso_sigilosa)) {
    const confidential = r.chave_acesso_sigilosa;
    // BA02a-30's "year after the current one" is the year of issue's, known at `render`.
    if (typeof confidential === 'string' && /^\d{44}$/.test(confidential))
      issues.onIssue((day, found) =>
        checkChaveYear(found, [...path, 'chave_acesso_sigilosa'], confidential, day.year),
      );
    return renderConfidentialReference(issues, path, confidential, ctx);
  }
  if (given(r.chave_cte)) {
    const chave = checkReferencedChave(issues, path, 'chave_cte', r.chave_cte, REFERENCED_CTE);
    if (chave) referencedChave(issues, [...path, 'chave_cte'], seen, `CTe|${chave}`, chave);
    return `<NFref><refCTe>${chave ?? ''}</refCTe></NFref>`;
  }
  if (given(r.nota_modelo_1))
    return `<NFref>${refNF(issues, [...path, 'nota_modelo_1'], r.nota_modelo_1, seen)}</NFref>`;
  if (given(r.produtor_rural))
    return `<NFref>${refNFP(issues, [...path, 'produtor_rural'], r.produtor_rural, seen)}</NFref>`;
  return `<NFref>${refECF(issues, [...path, 'cupom_fiscal'], r.cupom_fiscal as NfeCupomFiscal, seen)}</NFref>`;
}

/**
 * A return of goods (finNFe 4) names the document it gives back (B25-70, 321), unless it returns
 * goods refused or never received (CFOP 1201, 1202, 1410, 1411, 5921, 6921 on any item) or names
 * them item by item. An adjusting NF-e (finNFe 3) names the document it adjusts too: SEFAZ has no
 * rejection of its own for that, so it is not one here. A complementary NF-e's note is rule 254
 * (`checkReferencePurpose`).
 */
function checkReferenceRequired(
  issues: IssueList,
  finNFe: string,
  itens: readonly NfeItem[],
): void {
  if (finNFe === '3') {
    issues.add(
      [KEY],
      'reference_required',
      'an NF-e de ajuste (fin_nfe 3) must reference the document it adjusts: give documentos_referenciados (ide/NFref)',
    );
    return;
  }
  if (finNFe !== '4') return;
  // A return may name what it gives back item by item instead (det/DFeReferenciado, VC02-14).
  if (
    itens.some(
      (item) =>
        RETURNS_WITHOUT_REFERENCE.has(item?.fiscal_result?.cfop) ||
        given(item?.documento_referenciado),
    )
  )
    return;
  ruleIssue(
    issues,
    [KEY],
    {
      code: 321,
      text: 'NF-e de devolução de mercadoria não possui documento fiscal referenciado',
    },
    'an NF-e de devolução (fin_nfe 4) must reference the document it returns: give documentos_referenciados (ide/NFref)',
  );
}

/** ide/NFref{0..500} in request order, after the checks of each reference and rule 321. */
export function renderReferences(
  issues: IssueList,
  refs: NfeDocumentoReferenciado[] | null | undefined,
  finNFe: string,
  itens: readonly NfeItem[],
  emitterUf?: string,
): string {
  if (!given(refs) || refs.length === 0) {
    checkReferenceRequired(issues, finNFe, itens);
    return '';
  }
  if (!Array.isArray(refs)) {
    issues.add([KEY], 'list_type', 'Input should be a valid list');
    return '';
  }
  if (refs.length > MAX_REFERENCES)
    issues.add([KEY], 'too_long', `List should have at most ${MAX_REFERENCES} items (NFref)`);
  const seen = new Set<string>();
  let xml = '';
  for (let i = 0; i < Math.min(refs.length, MAX_REFERENCES); i++) {
    const ref = refs[i];
    if (typeof ref !== 'object' || ref === null) {
      issues.add([KEY, i], 'model_attributes_type', 'Input should be an object');
      continue;
    }
    xml += renderReference(issues, ref, i, seen, {
      finNFe,
      ...(emitterUf !== undefined ? { emitterUf } : {}),
    });
  }
  checkConfidentialDuplicates(issues, KEY, refs);
  return xml;
}
