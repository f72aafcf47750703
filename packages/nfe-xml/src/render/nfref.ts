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
import { checkReferencedChave } from '../validate/referenced-chave.js';
import { type Rejection, ruleIssue } from '../validate/sefaz-rule.js';
import { checkValidCnpj, checkValidCpf } from '../validate/tax-ids.js';
import { checkLiteral, checkPattern, given } from '../validate/text.js';
import { checkUf } from './address.js';

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

/** cUF and AAMM of a referenced paper note. */
function issuedIn(
  issues: IssueList,
  path: IssuePath,
  note: { uf: unknown; ano_mes: unknown },
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
  return `<cUF>${(uf && ufInfo(uf)?.cUF) ?? ''}</cUF><AAMM>${aamm ?? ''}</AAMM>`;
}

function refNF(issues: IssueList, path: IssuePath, n: NfeNotaModelo1, seen: Set<string>): string {
  const head = issuedIn(issues, path, n);
  const cnpj = checkValidCnpj(issues, path, 'cnpj', n.cnpj, {
    code: 548,
    text: 'CNPJ da NF referenciada inválido',
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
  const head = issuedIn(issues, path, n);
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
      text: 'CPF da NF referenciada de produtor inválido',
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

/** One NFref: exactly one kind of reference, each checked as SEFAZ does. */
function renderReference(
  issues: IssueList,
  r: NfeDocumentoReferenciado,
  i: number,
  seen: Set<string>,
): string {
  const path: IssuePath = [KEY, i];
  const kinds = KINDS.filter((kind) => given(r[kind]));
  if (kinds.length !== 1) {
    issues.add(path, 'one_of', `Each reference holds exactly one of ${KINDS.join(', ')}`);
    return '';
  }
  if (given(r.chave_acesso)) {
    const chave = checkReferencedChave(issues, path, 'chave_acesso', r.chave_acesso, {
      models: ['55', '65'],
      wrongModel: { code: 679, text: 'Modelo da NF-e referenciada diferente de 55/65' },
      wrongCheckDigit: {
        code: 547,
        text: 'Dígito Verificador da Chave de Acesso da NF-e Referenciada inválido',
      },
    });
    if (chave)
      duplicate(issues, [...path, 'chave_acesso'], seen, `NFe|${chave}`, {
        code: 680,
        text: 'Duplicidade de NF-e referenciada (Chave de Acesso referenciada mais de uma vez)',
      });
    return `<NFref><refNFe>${chave ?? ''}</refNFe></NFref>`;
  }
  if (given(r.chave_cte)) {
    const chave = checkReferencedChave(issues, path, 'chave_cte', r.chave_cte, {
      models: ['57'],
      wrongModel: { code: 683, text: 'Modelo do CT-e referenciado diferente de 57' },
      wrongCheckDigit: {
        code: 552,
        text: 'Dígito Verificador da Chave de Acesso do CT-e Referenciado inválido',
      },
    });
    return `<NFref><refCTe>${chave ?? ''}</refCTe></NFref>`;
  }
  if (given(r.nota_modelo_1))
    return `<NFref>${refNF(issues, [...path, 'nota_modelo_1'], r.nota_modelo_1, seen)}</NFref>`;
  if (given(r.produtor_rural))
    return `<NFref>${refNFP(issues, [...path, 'produtor_rural'], r.produtor_rural, seen)}</NFref>`;
  return `<NFref>${refECF(issues, [...path, 'cupom_fiscal'], r.cupom_fiscal as NfeCupomFiscal, seen)}</NFref>`;
}

/**
 * A complementary (finNFe 2), adjusting (3) or returning (4) NF-e must name the document it
 * completes, adjusts or gives back; a return of goods refused or never received (CFOP 1201, 1202,
 * 1410, 1411, 5921, 6921 on any item) is exempt.
 */
function checkReferenceRequired(
  issues: IssueList,
  finNFe: string,
  itens: readonly NfeItem[],
): void {
  if (finNFe !== '2' && finNFe !== '3' && finNFe !== '4') return;
  if (
    finNFe === '4' &&
    itens.some((item) => RETURNS_WITHOUT_REFERENCE.has(item?.fiscal_result?.cfop))
  )
    return;
  const purpose = { '2': 'complementar', '3': 'de ajuste', '4': 'de devolução' }[finNFe];
  ruleIssue(
    issues,
    [KEY],
    { code: 321 },
    `an NF-e ${purpose} (fin_nfe ${finNFe}) must reference the document it refers to: give documentos_referenciados (ide/NFref)`,
  );
}

/** ide/NFref{0..500} in request order, after the checks of each reference and rule 321. */
export function renderReferences(
  issues: IssueList,
  refs: NfeDocumentoReferenciado[] | null | undefined,
  finNFe: string,
  itens: readonly NfeItem[],
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
    xml += renderReference(issues, ref, i, seen);
  }
  return xml;
}
