import type { IssuePath } from '../errors.js';
import type { NfePagamento } from '../types.js';
import type { NfeCartao } from '../types-pagamento.js';
import { checkCnpjWithDigits } from '../validate/cnpj-with-digits.js';
import type { IssueList } from '../validate/issues.js';
import { checkText, given } from '../validate/text.js';
import { element } from '../xml-escape.js';
import { checkUf } from './address.js';

/*
 * Who took part in a payment besides the buyer and the emitter: the establishment that processed
 * it when that is not the one issuing (detPag/CNPJPag and UFPag) and, in a card or electronic
 * payment, who receives the money and on which terminal (card/CNPJReceb, idTermPag).
 */

/**
 * `CNPJPag UFPag`: the layout takes both or neither, so one without the other is refused. The
 * CNPJ must be a real one.
 */
export function renderPaymentEstablishment(
  issues: IssueList,
  path: IssuePath,
  p: NfePagamento,
): string {
  const hasCnpj = given(p.cnpj_transacional);
  const hasUf = given(p.uf_transacional);
  if (!hasCnpj && !hasUf) return '';
  if (hasCnpj !== hasUf) {
    issues.at(
      path,
      hasCnpj ? 'uf_transacional' : 'cnpj_transacional',
      'missing',
      'cnpj_transacional and uf_transacional go together (detPag/CNPJPag and UFPag)',
    );
    return '';
  }
  const cnpj = checkCnpjWithDigits(issues, path, 'cnpj_transacional', p.cnpj_transacional);
  const uf = checkUf(issues, path, 'uf_transacional', p.uf_transacional);
  return `<CNPJPag>${cnpj ?? ''}</CNPJPag><UFPag>${uf ?? ''}</UFPag>`;
}

/** `CNPJReceb? idTermPag?`, the end of `<card>`. */
export function renderCardReceiver(issues: IssueList, cardPath: IssuePath, c: NfeCartao): string {
  let xml = '';
  if (given(c.cnpj_recebedor))
    xml += `<CNPJReceb>${checkCnpjWithDigits(issues, cardPath, 'cnpj_recebedor', c.cnpj_recebedor) ?? ''}</CNPJReceb>`;
  if (given(c.id_terminal))
    xml += element(
      'idTermPag',
      checkText(issues, cardPath, 'id_terminal', c.id_terminal, { min: 1, max: 40 }) ?? '',
    );
  return xml;
}
