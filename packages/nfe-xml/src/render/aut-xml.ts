import type { NfeAutorizadoXml } from '../types-parties.js';
import type { IssueList } from '../validate/issues.js';
import { ruleIssue } from '../validate/sefaz-rule.js';
import { checkValidCnpj, checkValidCpf } from '../validate/tax-ids.js';
import { given } from '../validate/text.js';

const KEY = 'autorizados_xml';
/** autXML{0..10}. */
export const MAX_AUTHORISED = 10;

/**
 * `<autXML>`{0..10}: who else may download the XML, by CNPJ or CPF. The recipient always may, so
 * naming it again is refused (324, 326), as are wrong check digits (323, 325).
 */
export function renderAutXml(
  issues: IssueList,
  list: NfeAutorizadoXml[] | null | undefined,
  recipient: { cnpj?: string; cpf?: string } | undefined,
): string {
  if (!given(list) || list.length === 0) return '';
  if (!Array.isArray(list)) {
    issues.add([KEY], 'list_type', 'Input should be a valid list');
    return '';
  }
  if (list.length > MAX_AUTHORISED)
    issues.add([KEY], 'too_long', `List should have at most ${MAX_AUTHORISED} items (autXML)`);
  let xml = '';
  for (let i = 0; i < Math.min(list.length, MAX_AUTHORISED); i++) {
    const entry = list[i];
    const path = [KEY, i];
    if (typeof entry !== 'object' || entry === null) {
      issues.add(path, 'model_attributes_type', 'Input should be an object');
      continue;
    }
    if (given(entry.cnpj) === given(entry.cpf)) {
      issues.at(
        path,
        given(entry.cnpj) ? 'cpf' : 'cnpj',
        given(entry.cnpj) ? 'cnpj_and_cpf' : 'missing',
        'Give a cnpj or a cpf (one of them)',
      );
      continue;
    }
    if (given(entry.cnpj)) {
      const cnpj = checkValidCnpj(issues, path, 'cnpj', entry.cnpj, {
        code: 323,
        text: 'CNPJ autorizado para download inválido',
      });
      if (cnpj !== undefined && cnpj === recipient?.cnpj)
        ruleIssue(
          issues,
          [...path, 'cnpj'],
          { code: 324, text: 'CNPJ do destinatário já autorizado para download' },
          'the recipient may always download the XML; leave its CNPJ out of autorizados_xml',
        );
      xml += `<autXML><CNPJ>${cnpj ?? ''}</CNPJ></autXML>`;
    } else {
      const cpf = checkValidCpf(issues, path, 'cpf', entry.cpf, {
        code: 325,
        text: 'CPF autorizado para download inválido',
      });
      if (cpf !== undefined && cpf === recipient?.cpf)
        ruleIssue(
          issues,
          [...path, 'cpf'],
          { code: 326, text: 'CPF do destinatário já autorizado para download' },
          'the recipient may always download the XML; leave its CPF out of autorizados_xml',
        );
      xml += `<autXML><CPF>${cpf ?? ''}</CPF></autXML>`;
    }
  }
  return xml;
}
