import type { NfeRequest } from '../types.js';
import type { IssueList } from '../validate/issues.js';
import { type Rejection, ruleIssue } from '../validate/sefaz-rule.js';
import { checkValidCnpj } from '../validate/tax-ids.js';
import { checkText, given } from '../validate/text.js';
import { escapeText } from '../xml-escape.js';
import type { IdeFragments } from './ide.js';

/** indPres of a sale not made in person (internet, telephone, NFC-e delivery, others). */
const REMOTE_SALES: ReadonlySet<string> = new Set(['2', '3', '4', '9']);
/** indPres that may go with indIntermed 1: in person, and every remote kind. */
const SALES: ReadonlySet<string> = new Set(['1', ...REMOTE_SALES]);
/** Communication and energy services (CFOP 5205–5207, 5251–5258, 5301–5307): exempt from 434. */
const SERVICE_CFOP = /^5(20[5-7]|25[1-8]|30[1-7])$/;

const rejection = (code: number, text: string): Rejection => ({ code, text });
const NO_INDICATOR = rejection(434, 'NF-e sem indicativo do intermediador');
const INDICATOR_NOT_ALLOWED = rejection(435, 'NF-e não pode ter o indicativo do intermediador');
const NO_INTERMEDIARY = rejection(
  438,
  'Obrigatória as informações do intermediador da transação para operação por site de terceiros',
);
const INTERMEDIARY_NOT_ALLOWED = rejection(
  439,
  'Informações do intermediador da transação para operação por site de terceiros preenchido indevidamente',
);
const INTERMEDIARY_CNPJ = rejection(440, 'CNPJ do intermediador da transação inválido');

/**
 * B25c-10 (NT 2020.006 v1.31): a normal outgoing sale (tpNF 1, finNFe 1) not made in person says
 * whether a third party's platform intermediated it, unless it is a communication or energy
 * service; B25c-20: indIntermed 1 only on a sale (indPres 1–4 or 9).
 */
function checkIndicator(issues: IssueList, r: NfeRequest, ide: IdeFragments): void {
  const { indPres, indIntermed } = ide;
  if (indPres === undefined) return;
  if (
    indIntermed === undefined &&
    REMOTE_SALES.has(indPres) &&
    ide.tpNF === '1' &&
    ide.finNFe === '1' &&
    // "does not apply to the CFOP" listed: a note carrying any of them is taken as exempt.
    !(
      Array.isArray(r.itens) && r.itens.some((item) => SERVICE_CFOP.test(item?.fiscal_result?.cfop))
    )
  )
    ruleIssue(
      issues,
      ['ind_intermed'],
      NO_INDICATOR,
      `a sale not made in person (ind_pres ${indPres}) must give ind_intermed: 0 (own site or none) or 1 (a third party's platform, with intermediador)`,
    );
  if (indIntermed === '1' && !SALES.has(indPres))
    ruleIssue(
      issues,
      ['ind_intermed'],
      INDICATOR_NOT_ALLOWED,
      `ind_intermed 1 (a sale on a third party's platform) goes with a sale, ind_pres 1, 2, 3, 4 or 9, not ${indPres}`,
    );
}

/**
 * ide/indIntermed and `<infIntermed>` (NT 2020.006): the indicator where a sale needs it (434) and
 * nowhere it does not belong (435); the platform's CNPJ and the seller's id there exactly with
 * indIntermed 1 (438, 439), the CNPJ a real one (440).
 */
export function renderIntermediador(issues: IssueList, r: NfeRequest, ide: IdeFragments): string {
  checkIndicator(issues, r, ide);
  const intermediador = r.intermediador;
  if (!given(intermediador)) {
    if (ide.indIntermed === '1')
      ruleIssue(
        issues,
        ['intermediador'],
        NO_INTERMEDIARY,
        "ind_intermed 1 (a sale on a third party's platform) needs intermediador {cnpj, identificador} (infIntermed)",
      );
    return '';
  }
  if (ide.indIntermed !== '1')
    ruleIssue(
      issues,
      ['intermediador'],
      INTERMEDIARY_NOT_ALLOWED,
      "intermediador (infIntermed) is written only for ind_intermed 1, a sale on a third party's platform: set ind_intermed to 1 or leave intermediador out",
    );
  const path = ['intermediador'];
  const cnpj = checkValidCnpj(issues, path, 'cnpj', intermediador.cnpj, INTERMEDIARY_CNPJ);
  const id = checkText(issues, path, 'identificador', intermediador.identificador, {
    min: 2,
    max: 60,
  });
  return `<infIntermed><CNPJ>${cnpj ?? ''}</CNPJ><idCadIntTran>${escapeText(id ?? '')}</idCadIntTran></infIntermed>`;
}
