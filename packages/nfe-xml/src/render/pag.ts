import { addDecimals, compareDecimals, type Decimal, subtractDecimals, ZERO } from '../decimal.js';
import type { IssuePath } from '../errors.js';
import type { NfePagamento, NfeRequest } from '../types.js';
import { element } from '../xml-escape.js';
import {
  checkDecimal,
  type DecimalKind,
  formatAs,
  layoutValue,
  MONEY,
} from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { checkLayoutDate } from '../validate/layout-date.js';
import { type Rejection, ruleIssue } from '../validate/sefaz-rule.js';
import { checkLiteral, checkText, given } from '../validate/text.js';
import { renderCard } from './card.js';
import { renderPaymentEstablishment } from './payment-parties.js';

/** tPag codes in force (domain doc §2.7); 99 "outros" needs xPag (`descricao`). */
export const PAYMENT_TYPES = [
  '01',
  '02',
  '03',
  '04',
  '05',
  '10',
  '11',
  '12',
  '13',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '21',
  '22',
  '90',
  '91',
  '99',
] as const;

const ADJUSTMENT_UNPAID: Rejection = {
  code: 871,
  text: 'O campo Meio de Pagamento deve ser preenchido com a opção Sem Pagamento',
};

/** pag/detPag{1..100}: `pagamento` and up to 99 `outros_pagamentos`. */
export const MAX_PAYMENTS = 100;

/** 90 sem pagamento, 91 pagamento posterior: vPag is 0.00 (YA03-30, 904) and vNF need not be covered. */
const UNPAID = new Set<string>(['90', '91']);

/** `valor` of an unpaid entry: any non-negative decimal, since 0.00 is written whatever it says. */
const ANY_AMOUNT: DecimalKind = {
  name: 'decimal',
  maxWholeDigits: Number.MAX_SAFE_INTEGER,
  maxPlaces: Number.MAX_SAFE_INTEGER,
  minOutPlaces: 0,
  sign: 'nonNegative',
};
const PAID_AMOUNT: DecimalKind = { ...MONEY, sign: 'positive' };

interface DetPag {
  readonly xml: string;
  readonly tPag?: string;
  /** vPag as written; undefined when `valor` was refused. */
  readonly vPag?: string;
}

/** `<detPag>`: indPag tPag xPag? vPag dPag? (CNPJPag UFPag)? card?. */
function renderDetPag(issues: IssueList, path: IssuePath, p: NfePagamento): DetPag {
  const tPag = checkLiteral(issues, path, 'tpag', p.tpag, PAYMENT_TYPES);
  const indPag = checkLiteral(issues, path, 'indpag', given(p.indpag) ? p.indpag : '0', ['0', '1']);
  const unpaid = tPag !== undefined && UNPAID.has(tPag);
  const valor = checkDecimal(issues, path, 'valor', p.valor, unpaid ? ANY_AMOUNT : PAID_AMOUNT);
  const vPag = unpaid ? (valor === undefined ? undefined : '0.00') : valor;
  let xPag = '';
  if (given(p.descricao)) {
    xPag = element(
      'xPag',
      checkText(issues, path, 'descricao', p.descricao, { min: 2, max: 60 }) ?? '',
    );
  } else if (tPag === '99') {
    issues.at(path, 'descricao', 'missing', 'tpag 99 (outros) needs descricao (detPag/xPag)');
  }
  const dPag = given(p.data_pagamento)
    ? `<dPag>${checkLayoutDate(issues, path, 'data_pagamento', p.data_pagamento) ?? ''}</dPag>`
    : '';
  const card = given(p.cartao) ? renderCard(issues, path, p.cartao) : '';
  const xml =
    `<detPag><indPag>${indPag ?? ''}</indPag><tPag>${tPag ?? ''}</tPag>${xPag}` +
    `<vPag>${vPag ?? ''}</vPag>${dPag}${renderPaymentEstablishment(issues, path, p)}${card}</detPag>`;
  return { xml, ...(tPag === undefined ? {} : { tPag }), ...(vPag === undefined ? {} : { vPag }) };
}

/** The document facts the payment rules read. */
export interface PagContext {
  /** vNF, the total the payments cover. */
  readonly vNF: Decimal;
  /** ide/finNFe. */
  readonly finNFe: string;
}

/**
 * `<pag>`: one detPag for `pagamento`, one more for each of `outros_pagamentos`, and vTroco when
 * the amounts paid exceed vNF. Rules: fin_nfe 3 (ajuste) and 4 (devolução) pay with tpag 90
 * (871); 90 and 91 write vPag 0.00 (904); otherwise the payments cover vNF (865 — refused here as
 * `payment_below_total`, docs/api-rules.md "Totals and payment"), and any excess is the change.
 */
export function renderPag(
  issues: IssueList,
  request: Pick<NfeRequest, 'pagamento' | 'outros_pagamentos'>,
  ctx: PagContext,
): string {
  const entries: DetPag[] = [renderDetPag(issues, ['pagamento'], request.pagamento)];
  const others = request.outros_pagamentos;
  if (given(others)) {
    if (!Array.isArray(others)) {
      issues.add(['outros_pagamentos'], 'list_type', 'Input should be a valid list');
    } else {
      if (others.length > MAX_PAYMENTS - 1)
        issues.add(
          ['outros_pagamentos'],
          'too_long',
          `List should have at most ${MAX_PAYMENTS - 1} items (detPag{1..100} with pagamento)`,
        );
      for (let i = 0; i < Math.min(others.length, MAX_PAYMENTS - 1); i++)
        entries.push(renderDetPag(issues, ['outros_pagamentos', i], others[i] as NfePagamento));
    }
  }
  const adjustment = ctx.finNFe === '3' || ctx.finNFe === '4';
  let paid: Decimal = ZERO;
  let complete = true;
  let unpaid = false;
  let body = '';
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as DetPag;
    body += entry.xml;
    if (entry.vPag === undefined || entry.tPag === undefined) complete = false;
    else paid = addDecimals(paid, layoutValue(entry.vPag));
    if (entry.tPag !== undefined && UNPAID.has(entry.tPag)) unpaid = true;
    if (adjustment && entry.tPag !== undefined && entry.tPag !== '90') {
      ruleIssue(
        issues,
        i === 0 ? ['pagamento', 'tpag'] : ['outros_pagamentos', i - 1, 'tpag'],
        ADJUSTMENT_UNPAID,
        `fin_nfe ${ctx.finNFe} (${ctx.finNFe === '3' ? 'ajuste' : 'devolução'}) is paid with tpag 90 (sem pagamento)`,
      );
    }
  }
  let troco = '';
  if (complete) {
    const cmp = compareDecimals(paid, ctx.vNF);
    if (cmp < 0 && !unpaid && !adjustment) {
      issues.add(
        ['pagamento', 'valor'],
        'payment_below_total',
        entries.length === 1
          ? `pagamento.valor ${entries[0]?.vPag ?? ''} is below the invoice total vNF ${formatAs(ctx.vNF, MONEY)} (SEFAZ rejection 865)`
          : `pagamento.valor and outros_pagamentos add up to ${formatAs(paid, MONEY)}, below the invoice total vNF ${formatAs(ctx.vNF, MONEY)} (SEFAZ rejection 865)`,
      );
    } else if (cmp > 0) {
      troco = `<vTroco>${formatAs(subtractDecimals(paid, ctx.vNF), MONEY)}</vTroco>`;
    }
  }
  return `<pag>${body}${troco}</pag>`;
}
