import type { IssuePath } from '../errors.js';
import type { NfeTransportadora } from '../types-transporte.js';
import { ufInfo } from '../ufs.js';
import { element } from '../xml-escape.js';
import type { IssueList } from '../validate/issues.js';
import { type Rejection, ruleIssue } from '../validate/sefaz-rule.js';
import { checkValidCnpj, checkValidCpf } from '../validate/tax-ids.js';
import { checkPattern, checkText, given } from '../validate/text.js';

const PATH: IssuePath = ['transporte', 'transportadora'];

const CARRIER_CNPJ: Rejection = { code: 542, text: 'CNPJ do Transportador inválido' };
const CARRIER_CPF: Rejection = { code: 543, text: 'CPF do Transportador inválido' };
const CARRIER_UF: Rejection = { code: 559, text: 'UF do Transportador não informada' };

/** TIeDest: the carrier's IE, digits or ISENTO. */
const IE = /^(?:ISENTO|\d{2,14})$/;

/** TUf: a state, or EX for a foreign carrier or vehicle. */
export function checkUfOrAbroad(
  issues: IssueList,
  parent: IssuePath,
  key: string,
  value: unknown,
): string | undefined {
  if (value === 'EX' || (typeof value === 'string' && ufInfo(value))) return value;
  issues.at(
    parent,
    key,
    value === undefined || value === null ? 'missing' : 'unknown_uf',
    'Input should be a Brazilian state code (UF), e.g. SP, or EX (abroad)',
  );
  return undefined;
}

/** The carrier's identity as the transport rules compare it. */
export interface CarrierId {
  readonly cnpj?: string;
  readonly cpf?: string;
}

/** `<transporta>`: (CNPJ|CPF)? xNome? IE? xEnder? xMun? UF?, each checked where it is given. */
export function renderTransporta(
  issues: IssueList,
  t: NfeTransportadora,
): { xml: string; id: CarrierId } {
  let doc = '';
  let id: CarrierId = {};
  if (given(t.cnpj) && given(t.cpf)) {
    issues.add([...PATH, 'cpf'], 'cnpj_and_cpf', 'Give either cnpj or cpf, not both');
  } else if (given(t.cnpj)) {
    const cnpj = checkValidCnpj(issues, PATH, 'cnpj', t.cnpj, CARRIER_CNPJ);
    if (cnpj) id = { cnpj };
    doc = `<CNPJ>${cnpj ?? ''}</CNPJ>`;
  } else if (given(t.cpf)) {
    const cpf = checkValidCpf(issues, PATH, 'cpf', t.cpf, CARRIER_CPF);
    if (cpf) id = { cpf };
    doc = `<CPF>${cpf ?? ''}</CPF>`;
  }
  const nome = given(t.nome) ? checkText(issues, PATH, 'nome', t.nome, { min: 2, max: 60 }) : '';
  const ie = given(t.ie)
    ? checkPattern(issues, PATH, 'ie', t.ie, IE, '2 to 14 digits or ISENTO')
    : '';
  const endereco = given(t.endereco)
    ? checkText(issues, PATH, 'endereco', t.endereco, { min: 1, max: 60 })
    : '';
  const municipio = given(t.municipio)
    ? checkText(issues, PATH, 'municipio', t.municipio, { min: 1, max: 60 })
    : '';
  const uf = given(t.uf) ? checkUfOrAbroad(issues, PATH, 'uf', t.uf) : '';
  if (given(t.ie) && !given(t.uf))
    ruleIssue(issues, [...PATH, 'uf'], CARRIER_UF, "a carrier's ie needs its uf (X07-10)");
  const xml =
    `<transporta>${doc}${nome ? element('xNome', nome) : ''}${ie ? `<IE>${ie}</IE>` : ''}` +
    `${endereco ? element('xEnder', endereco) : ''}${municipio ? element('xMun', municipio) : ''}` +
    `${uf ? `<UF>${uf}</UF>` : ''}</transporta>`;
  return { xml, id };
}
