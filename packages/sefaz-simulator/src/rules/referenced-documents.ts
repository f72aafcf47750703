import { modulo11CheckDigit } from '@emissor/nfe-xml';

import { brasiliaYearMonth } from '../answers/datetime.js';
import { text } from '../xml/dom.js';
import type { RuleContext } from './context.js';
import type { NfeView } from './nfe-view.js';
import { referencesOf, type Reference } from './nfref.js';
import { rejection, type Rejection } from './rejection.js';
import { STATE_CODES, stateCode } from './states.js';
import { isValidCnpj, isValidCpf } from './tax-ids.js';

/*
 * Group BA of MOC 7.0 Anexo I: each referenced document on its own, in the order of the rules
 * (BA02 refNFe, BA02a refNFeSig, BA03–BA06 refNF, BA10–BA14 refNFP, BA19 refCTe, BA20 refECF). A rule is checked
 * on every reference before the next rule; the first failure wins and names its NFref (nOcor).
 */

/** What a rule sees besides the reference: the document and the authoriser's year and month. */
interface Scope {
  readonly nfe: NfeView;
  readonly refs: readonly Reference[];
  /** YYYY and MM of the reception, in Brasília. */
  readonly year: number;
  readonly month: number;
}

interface ReferenceRule {
  readonly kinds: readonly Reference['kind'][];
  readonly fails: (ref: Reference, scope: Scope) => boolean;
  readonly answer: (nOcor: number) => Rejection;
}

const wrongCheckDigit = (ref: Reference): boolean =>
  modulo11CheckDigit(ref.chave.slice(0, 43)) !== ref.chave.slice(43);
const wrongState = (ref: Reference): boolean => !STATE_CODES.has(ref.chave.slice(0, 2));
/** AA of the chave before 06 (the NF-e began in 2006) or after the current year. */
const wrongYear = (ref: Reference, scope: Scope): boolean => {
  const year = 2000 + Number(ref.chave.slice(2, 4));
  return year < 2006 || year > scope.year;
};
const wrongMonth = (ref: Reference): boolean => {
  const month = Number(ref.chave.slice(4, 6));
  return month < 1 || month > 12;
};
const zeroNumber = (ref: Reference): boolean => /^0+$/.test(ref.chave.slice(25, 34));
const model = (ref: Reference): string => ref.chave.slice(20, 22);

/** Series 0–909 are a CNPJ's, 910–969 a CPF's (zero-padded to 14 in the chave). */
function wrongIssuer(ref: Reference): boolean {
  const serie = Number(ref.chave.slice(22, 25));
  const issuer = ref.chave.slice(6, 20);
  if (serie <= 909) return !isValidCnpj(issuer);
  if (serie <= 969) return !issuer.startsWith('000') || !isValidCpf(issuer.slice(3));
  return false;
}

/** The same identity in an earlier reference of the same kind. */
function repeated(identity: (ref: Reference) => string) {
  return (ref: Reference, scope: Scope): boolean =>
    scope.refs.some(
      (other) =>
        other.nOcor < ref.nOcor && other.kind === ref.kind && identity(other) === identity(ref),
    );
}

/**
 * AAMM of a paper note issued more than 20 years ago or after the current month. Two-digit years
 * after the current one are of the last century.
 */
function wrongPaperDate(ref: Reference, scope: Scope): boolean {
  const aamm = text(ref.element, 'AAMM') ?? '';
  const yy = Number(aamm.slice(0, 2));
  const century = yy > scope.year % 100 ? 1900 : 2000;
  const months = (century + yy) * 12 + Number(aamm.slice(2, 4));
  const now = scope.year * 12 + scope.month;
  return months > now || now - months > 20 * 12;
}

const fixed = (cStat: string, xMotivo: string) => () => rejection(cStat, xMotivo);
const numbered = (cStat: string, prefix: string) => (nOcor: number) =>
  rejection(cStat, `Rejeição: ${prefix}${nOcor}]`);

/** The chave's state, year and month (BA02-14/20/24, BA02a, BA19-14/20/24). */
const stateAndMonthRules = (kinds: readonly Reference['kind'][]): ReferenceRule[] => [
  {
    kinds,
    fails: wrongState,
    answer: numbered('522', 'Chave de Acesso referenciada com UF inválida[nOcor:'),
  },
  {
    kinds,
    fails: (ref: Reference, scope: Scope) => wrongYear(ref, scope) || wrongMonth(ref),
    answer: numbered('524', 'Chave de Acesso referenciada com Ano-Mês inválido[nOcor:'),
  },
];

/** BA02-10/14/20/24 and BA19-10/14/20/24: the chave's check digit, then its state, year and month. */
const chaveRules = (kinds: readonly Reference['kind'][]): ReferenceRule[] => [
  {
    kinds,
    fails: wrongCheckDigit,
    answer: numbered('547', 'Chave de Acesso referenciada com Dígito Verificador inválido[nOcor:'),
  },
  ...stateAndMonthRules(kinds),
];

/** The chave's tpEmis (position 35) of an NF-e or NFC-e since April 2011, when it entered the chave. */
const wrongEmissionType = (ref: Reference): boolean =>
  ['55', '65'].includes(model(ref)) &&
  ref.chave.slice(2, 6) > '1104' &&
  !'12345679'.includes(ref.chave.charAt(34));
const EMISSION_TYPE = numbered(
  '953',
  'Chave de Acesso referenciada com tipo de emissão inválido [nOcor:',
);

/** A document's identity in a chave, its cNF and check digit aside: state, issuer, series, number. */
const naturalKey = (chave: string): string =>
  chave.slice(0, 2) + chave.slice(6, 20) + chave.slice(22, 34);

/**
 * BA02a (NT 2022.003): an NF-e referenced by its chave with the cNF zeroed (refNFeSig), only in a
 * normal NF-e and not in a state that refuses it, its parts checked as a chave's but for the check
 * digit, which the zeroed cNF no longer matches.
 */
const confidentialRules: readonly ReferenceRule[] = [
  {
    kinds: ['refNFeSig'],
    fails: (_ref, scope) => text(scope.nfe.ide, 'finNFe') !== '1',
    answer: numbered(
      '951',
      'Chave de Acesso referenciada com código numérico zerado não permitida para finalidade diferente de normal. [nOcor:',
    ),
  },
  ...stateAndMonthRules(['refNFeSig']),
  {
    kinds: ['refNFeSig'],
    fails: wrongIssuer,
    answer: numbered('552', 'Chave de Acesso referenciada com CNPJ/CPF inválido[nOcor:'),
  },
  {
    kinds: ['refNFeSig'],
    fails: (ref) => model(ref) !== '55',
    answer: numbered('679', 'Chave de Acesso referenciada com Modelo inválido[nOcor:'),
  },
  {
    kinds: ['refNFeSig'],
    fails: zeroNumber,
    answer: numbered('683', 'Chave de Acesso referenciada com Número inválido[nOcor:'),
  },
  {
    kinds: ['refNFeSig'],
    fails: (ref) => ref.chave.slice(35, 43) !== '00000000',
    answer: numbered('955', 'Chave de Acesso referenciada com código numérico não zerado [nOcor:'),
  },
  {
    kinds: ['refNFeSig'],
    fails: (ref, scope) =>
      repeated((r) => r.chave.slice(0, 43))(ref, scope) ||
      scope.refs.some(
        (other) => other.kind === 'refNFe' && naturalKey(other.chave) === naturalKey(ref.chave),
      ),
    answer: numbered('680', 'Chave de Acesso referenciada em duplicidade na NF-e [nOcor:'),
  },
  {
    kinds: ['refNFeSig'],
    fails: (ref, scope) => naturalKey(ref.chave) === naturalKey(scope.nfe.chave),
    answer: numbered(
      '952',
      'Chave de Acesso referenciada com a mesma Chave Natural da Nota Fiscal atual [nOcor:',
    ),
  },
  // Its model is 55 here: 679 came first.
  { kinds: ['refNFeSig'], fails: wrongEmissionType, answer: EMISSION_TYPE },
  {
    // BA02a-120: the states that do not accept such a reference.
    kinds: ['refNFeSig'],
    fails: (_ref, scope) => scope.nfe.cUF === stateCode('PE'),
    answer: numbered(
      '956',
      'Chave de Acesso referenciada com código numérico zerado não permitida na UF [nOcor:',
    ),
  },
];

const RULES: readonly ReferenceRule[] = [
  ...chaveRules(['refNFe']),
  {
    kinds: ['refNFe'],
    fails: wrongIssuer,
    answer: numbered('552', 'Chave de Acesso referenciada com CNPJ/CPF inválido[nOcor:'),
  },
  {
    kinds: ['refNFe'],
    fails: (ref) => !['55', '65', '59'].includes(model(ref)),
    answer: numbered('679', 'Chave de Acesso referenciada com Modelo inválido[nOcor:'),
  },
  {
    kinds: ['refNFe'],
    fails: zeroNumber,
    answer: numbered('683', 'Chave de Acesso referenciada com Número inválido[nOcor:'),
  },
  {
    kinds: ['refNFe'],
    fails: repeated((ref) => ref.chave),
    answer: numbered('680', 'Chave de Acesso referenciada em duplicidade na NF-e [nOcor:'),
  },
  {
    kinds: ['refNFe'],
    fails: (ref, scope) => ref.chave === scope.nfe.chave,
    answer: numbered(
      '316',
      'Chave de Acesso referenciada com a mesma Chave de Acesso da Nota Fiscal atual [nOcor:',
    ),
  },
  // BA02-60.
  { kinds: ['refNFe'], fails: wrongEmissionType, answer: EMISSION_TYPE },
  {
    // BA02-70: a return of an NFC-e (or another non-55 note) from another state.
    kinds: ['refNFe'],
    fails: (ref, scope) =>
      text(scope.nfe.ide, 'finNFe') === '4' &&
      model(ref) !== '55' &&
      ref.chave.slice(0, 2) !== scope.nfe.cUF,
    answer: numbered('954', 'Chave de Acesso referenciada não permitida para esta operação[nOcor:'),
  },
  ...confidentialRules,
  {
    kinds: ['refNF'],
    fails: repeated((ref) =>
      ['CNPJ', 'mod', 'serie', 'nNF'].map((f) => text(ref.element, f)).join('|'),
    ),
    answer: numbered(
      '681',
      'Duplicidade de NF Modelo 1 referenciada (CNPJ, Modelo, Série e Número) [nOcor: ',
    ),
  },
  {
    kinds: ['refNF'],
    fails: wrongPaperDate,
    answer: numbered('317', 'NF modelo 1 referenciada com data de emissão inválida [nOcor:'),
  },
  {
    kinds: ['refNF'],
    fails: (ref) => !isValidCnpj(text(ref.element, 'CNPJ')),
    answer: fixed('548', 'Rejeição: CNPJ da NF referenciada inválido.'),
  },
  {
    kinds: ['refNFP'],
    fails: repeated((ref) =>
      ['IE', 'mod', 'serie', 'nNF'].map((f) => text(ref.element, f)).join('|'),
    ),
    answer: numbered(
      '682',
      'Duplicidade de NF de Produtor referenciada (IE, Modelo, Série e Número) [nOcor: ',
    ),
  },
  {
    kinds: ['refNFP'],
    fails: wrongPaperDate,
    answer: numbered('322', 'NF de produtor referenciada com data de emissão inválida [nOcor:'),
  },
  {
    kinds: ['refNFP'],
    fails: (ref) =>
      text(ref.element, 'CNPJ') !== undefined && !isValidCnpj(text(ref.element, 'CNPJ')),
    answer: numbered('549', 'CNPJ da NF referenciada de produtor inválido [nOcor: '),
  },
  {
    kinds: ['refNFP'],
    fails: (ref) => text(ref.element, 'CPF') !== undefined && !isValidCpf(text(ref.element, 'CPF')),
    answer: fixed('550', 'Rejeição: CPF da NF referenciada de produtor inválido.'),
  },
  ...chaveRules(['refCTe']),
  {
    kinds: ['refCTe'],
    fails: (ref) => !isValidCnpj(ref.chave.slice(6, 20)),
    answer: numbered('552', 'Chave de Acesso referenciada com CNPJ inválido[nOcor:'),
  },
  {
    kinds: ['refCTe'],
    fails: (ref) => model(ref) !== '57',
    answer: numbered('679', 'Chave de Acesso referenciada com Modelo inválido[nOcor:'),
  },
  {
    kinds: ['refCTe'],
    fails: zeroNumber,
    answer: numbered('683', 'Chave de Acesso referenciada com Número inválido[nOcor:'),
  },
  {
    kinds: ['refCTe'],
    fails: repeated((ref) => ref.chave),
    answer: numbered('680', 'Chave de Acesso referenciada em duplicidade na NF-e [nOcor:'),
  },
  {
    kinds: ['refECF'],
    fails: repeated((ref) => ['mod', 'nECF', 'nCOO'].map((f) => text(ref.element, f)).join('|')),
    answer: numbered(
      '684',
      'Duplicidade de Cupom Fiscal referenciado (Modelo, Número de Ordem e COO) [nOcor: ',
    ),
  },
  {
    // BA20-20: cupons and model 1 notes document operations inside the state.
    kinds: ['refECF', 'refNF'],
    fails: (_ref, scope) => text(scope.nfe.ide, 'idDest') !== '1',
    answer: fixed(
      '923',
      'Rejeição: Referenciado documento de operação interna em operação interestadual ou com o exterior',
    ),
  },
];

/** 547 … 923: the first referenced document that breaks a rule of group BA. */
export function checkReferencedDocuments(
  nfe: NfeView,
  context: RuleContext,
): Rejection | undefined {
  const refs = referencesOf(nfe);
  if (refs.length === 0) return undefined;
  const scope: Scope = { nfe, refs, ...brasiliaYearMonth(context.receivedAt) };
  for (const rule of RULES) {
    const broken = refs.find((ref) => rule.kinds.includes(ref.kind) && rule.fails(ref, scope));
    if (broken) return rule.answer(broken.nOcor);
  }
  return undefined;
}
