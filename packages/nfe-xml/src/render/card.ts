import type { IssuePath } from '../errors.js';
import type { NfeCartao } from '../types-pagamento.js';
import { element } from '../xml-escape.js';
import type { IssueList } from '../validate/issues.js';
import { checkValidCnpj } from '../validate/tax-ids.js';
import { type Rejection, ruleIssue } from '../validate/sefaz-rule.js';
import { checkLiteral, checkText, given } from '../validate/text.js';
import { renderCardReceiver } from './payment-parties.js';

/**
 * tBand: the card brands of the national table (NT 2020.006; 443 for any other code): 01 Visa,
 * 02 Mastercard, 03 American Express, 04 Sorocred, 05 Diners Club, 06 Elo, 07 Hipercard, 08 Aura,
 * 09 Cabal, 10 Alelo, 11 Banes Card, 12 CalCard, 13 Credz, 14 Discover, 15 GoodCard,
 * 16 GreenCard, 17 Hiper, 18 JCB, 19 Mais, 20 MaxVan, 21 Policard, 22 RedeCompras, 23 Sodexo,
 * 24 ValeCard, 25 Verocheque, 26 VR, 27 Ticket, 99 others.
 */
export const CARD_BRANDS = [
  ...Array.from({ length: 27 }, (_, i) => String(i + 1).padStart(2, '0')),
  '99',
] as const;

const INTEGRATION = ['1', '2'] as const;

const ACQUIRER_CNPJ: Rejection = { code: 437, text: 'CNPJ da instituição de pagamento inválido' };
const UNKNOWN_BRAND: Rejection = {
  code: 443,
  text: 'Código da bandeira de cartão de crédito e/ou débito inexistente',
};
const INTEGRATED_PAYMENT: Rejection = {
  code: 392,
  text: 'Não informados os dados da operação de pagamento por cartão de crédito / débito',
};

/**
 * `<card>`: tpIntegra CNPJ? tBand? cAut? CNPJReceb? idTermPag?. An integrated payment (tpIntegra
 * 1) names its acquirer and authorisation (YA05-10, 392); the acquirer's CNPJ has valid check
 * digits (YA05-20, 437).
 */
export function renderCard(issues: IssueList, parent: IssuePath, c: NfeCartao): string {
  const path = [...parent, 'cartao'];
  const tpIntegra = checkLiteral(issues, path, 'tipo_integracao', c.tipo_integracao, INTEGRATION);
  const cnpj = given(c.cnpj_credenciadora)
    ? checkValidCnpj(issues, path, 'cnpj_credenciadora', c.cnpj_credenciadora, ACQUIRER_CNPJ)
    : undefined;
  let tBand: string | undefined;
  if (given(c.bandeira)) {
    tBand = (CARD_BRANDS as readonly string[]).includes(c.bandeira) ? c.bandeira : undefined;
    if (tBand === undefined)
      ruleIssue(
        issues,
        [...path, 'bandeira'],
        UNKNOWN_BRAND,
        'bandeira should be a card brand code of the national table, 01–27 or 99',
      );
  }
  const cAut = given(c.autorizacao)
    ? checkText(issues, path, 'autorizacao', c.autorizacao, { min: 1, max: 128 })
    : undefined;
  if (tpIntegra === '1') {
    for (const key of ['cnpj_credenciadora', 'autorizacao'] as const)
      if (!given(c[key]))
        ruleIssue(
          issues,
          [...path, key],
          INTEGRATED_PAYMENT,
          'an integrated card payment (tipo_integracao 1) needs cnpj_credenciadora and autorizacao',
        );
  }
  return (
    `<card><tpIntegra>${tpIntegra ?? ''}</tpIntegra>${cnpj ? `<CNPJ>${cnpj}</CNPJ>` : ''}` +
    `${tBand ? `<tBand>${tBand}</tBand>` : ''}${cAut ? element('cAut', cAut) : ''}` +
    `${renderCardReceiver(issues, path, c)}</card>`
  );
}
