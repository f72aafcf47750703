import { compareDecimals, type Decimal, subtractDecimals } from '../decimal.js';
import type { NfePagamento } from '../types.js';
import { checkDecimal, formatAs, layoutValue, MONEY } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { checkLiteral, given } from '../validate/text.js';

/** tPag codes in force (domain doc §2.7). 99 "outros" would need xPag, which the request lacks. */
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
] as const;

/** `<transp>`: Emissor does not carry freight data, so modFrete 9 "sem ocorrência de transporte". */
export const TRANSP = '<transp><modFrete>9</modFrete></transp>';

/**
 * `<pag>`: one detPag (indPag, tPag, vPag) and vTroco when the amount paid exceeds vNF.
 * Paying less than vNF is `payment_below_total` (decisions.md).
 */
export function renderPag(issues: IssueList, p: NfePagamento, vNF: Decimal): string {
  const path = ['pagamento'];
  const tPag = checkLiteral(issues, path, 'tpag', p.tpag, PAYMENT_TYPES);
  const indPag = checkLiteral(issues, path, 'indpag', given(p.indpag) ? p.indpag : '0', ['0', '1']);
  const paid = checkDecimal(issues, path, 'valor', p.valor, { ...MONEY, sign: 'positive' });
  let troco = '';
  if (paid !== undefined) {
    const cmp = compareDecimals(layoutValue(paid), vNF);
    if (cmp < 0) {
      issues.add(
        [...path, 'valor'],
        'payment_below_total',
        `pagamento.valor ${paid} is below the invoice total vNF ${formatAs(vNF, MONEY)}`,
      );
    } else if (cmp > 0) {
      troco = `<vTroco>${formatAs(subtractDecimals(layoutValue(paid), vNF), MONEY)}</vTroco>`;
    }
  }
  return `<pag><detPag><indPag>${indPag ?? ''}</indPag><tPag>${tPag ?? ''}</tPag><vPag>${paid ?? ''}</vPag></detPag>${troco}</pag>`;
}
