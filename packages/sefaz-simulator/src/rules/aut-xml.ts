import { children, text, type XmlElement } from '../xml/dom.js';
import type { NfeView } from './nfe-view.js';
import { rejection, type Rejection } from './rejection.js';
import { isValidCnpj, isValidCpf } from './tax-ids.js';

/*
 * autXML (MOC 7.0 Anexo I group GA): whoever else may download the XML. The recipient may always
 * do so, so naming it again is refused. At most 10 of them is the schema's (autXML{0..10}).
 */

interface AuthorisedRule {
  readonly fails: (authorised: XmlElement, nfe: NfeView) => boolean;
  readonly answer: Rejection;
}

const idOf = (element: XmlElement | undefined, kind: 'CNPJ' | 'CPF') =>
  element === undefined ? undefined : text(element, kind);

const RULES: readonly AuthorisedRule[] = [
  {
    fails: (a) => idOf(a, 'CNPJ') !== undefined && !isValidCnpj(idOf(a, 'CNPJ')),
    answer: rejection('323', 'Rejeição: CNPJ autorizado para download inválido'),
  },
  {
    fails: (a, nfe) => idOf(a, 'CNPJ') !== undefined && idOf(a, 'CNPJ') === idOf(nfe.dest, 'CNPJ'),
    answer: rejection('324', 'Rejeição: CNPJ do destinatário já autorizado para download'),
  },
  {
    fails: (a) => idOf(a, 'CPF') !== undefined && !isValidCpf(idOf(a, 'CPF')),
    answer: rejection('325', 'Rejeição: CPF autorizado para download inválido'),
  },
  {
    fails: (a, nfe) => idOf(a, 'CPF') !== undefined && idOf(a, 'CPF') === idOf(nfe.dest, 'CPF'),
    answer: rejection('326', 'Rejeição: CPF do destinatário já autorizado para download'),
  },
];

/** 323 / 324 / 325 / 326 (GA02-10/20, GA03-10/20), each rule over every autXML in turn. */
export function checkAuthorisedDownloads(nfe: NfeView): Rejection | undefined {
  const authorised = children(nfe.infNFe, 'autXML');
  if (authorised.length === 0) return undefined;
  return RULES.find((rule) => authorised.some((a) => rule.fails(a, nfe)))?.answer;
}
