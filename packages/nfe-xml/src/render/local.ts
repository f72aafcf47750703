import type { IssuePath } from '../errors.js';
import type { NfeLocal } from '../types-parties.js';
import type { IssueList } from '../validate/issues.js';
import type { Rejection } from '../validate/sefaz-rule.js';
import { checkValidCnpj, checkValidCpf } from '../validate/tax-ids.js';
import { checkPattern, checkText, given } from '../validate/text.js';
import { escapeText } from '../xml-escape.js';
import { renderOpenAddress } from './address.js';

const IE = /^(\d{2,14}|ISENTO)$/;

/** The rejections of one kind of place: retirada's or entrega's. */
interface PlaceRules {
  readonly cnpj: Rejection;
  readonly cpf: Rejection;
  readonly abroadCity: Rejection;
  readonly cityOfAnotherState: Rejection;
}

const RULES: Record<'retirada' | 'entrega', PlaceRules> = {
  retirada: {
    cnpj: { code: 512, text: 'CNPJ do Local de Retirada inválido' },
    cpf: { code: 540, text: 'CPF do Local de Retirada inválido' },
    abroadCity: {
      code: 513,
      text: 'Código Município do Local de Retirada deve ser 9999999 para UF retirada = “EX”.',
    },
    cityOfAnotherState: {
      code: 277,
      text: 'Código Município do Local de Retirada: difere da UF do Local de Retirada',
    },
  },
  entrega: {
    cnpj: { code: 514, text: 'CNPJ do Local de Entrega inválido' },
    cpf: { code: 541, text: 'CPF do Local de Entrega inválido' },
    abroadCity: {
      code: 515,
      text: 'Código Município do Local de Entrega deve ser 9999999 para UF entrega = “EX”.',
    },
    cityOfAnotherState: {
      code: 279,
      text: 'Código Município do Local de Entrega: difere da UF do Local de Entrega',
    },
  },
};

/**
 * `<retirada>` / `<entrega>` (TLocal): CNPJ|CPF xNome? xLgr nro xCpl? xBairro cMun xMun UF CEP?
 * cPais? xPais? fone? email? IE?. The place may be abroad (UF EX, cMun 9999999). Absent: nothing.
 */
export function renderLocal(
  issues: IssueList,
  key: 'retirada' | 'entrega',
  place: NfeLocal | null | undefined,
): string {
  if (!given(place)) return '';
  const path: IssuePath = [key];
  const rules = RULES[key];
  let doc = '';
  if (given(place.cnpj) === given(place.cpf)) {
    issues.at(
      path,
      given(place.cnpj) ? 'cpf' : 'cnpj',
      given(place.cnpj) ? 'cnpj_and_cpf' : 'missing',
      `Give the ${key} place's cnpj or cpf (one of them)`,
    );
  } else if (given(place.cnpj)) {
    doc = `<CNPJ>${checkValidCnpj(issues, path, 'cnpj', place.cnpj, rules.cnpj) ?? ''}</CNPJ>`;
  } else {
    doc = `<CPF>${checkValidCpf(issues, path, 'cpf', place.cpf, rules.cpf) ?? ''}</CPF>`;
  }
  const xNome = given(place.nome)
    ? checkText(issues, path, 'nome', place.nome, { min: 2, max: 60 })
    : undefined;
  const address = renderOpenAddress(issues, path, place, place.fone, {
    abroadCity: rules.abroadCity,
    cityOfAnotherState: rules.cityOfAnotherState,
  });
  const email = given(place.email)
    ? checkText(issues, path, 'email', place.email, { min: 1, max: 60 })
    : undefined;
  const ie = given(place.ie)
    ? checkPattern(issues, path, 'ie', place.ie, IE, '2 to 14 digits or ISENTO (TIe)')
    : undefined;
  return (
    `<${key}>${doc}${xNome ? `<xNome>${escapeText(xNome)}</xNome>` : ''}${address.xml}` +
    `${email ? `<email>${escapeText(email)}</email>` : ''}${ie ? `<IE>${ie}</IE>` : ''}</${key}>`
  );
}
