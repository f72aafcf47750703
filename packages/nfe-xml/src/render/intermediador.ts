import type { NfeIntermediador } from '../types-parties.js';
import type { IssueList } from '../validate/issues.js';
import { ruleIssue } from '../validate/sefaz-rule.js';
import { checkValidCnpj } from '../validate/tax-ids.js';
import { checkText, given } from '../validate/text.js';
import { escapeText } from '../xml-escape.js';

/** indPres of a sale not made in person (internet, telephone, NFC-e delivery, others). */
const REMOTE_SALES: ReadonlySet<string> = new Set(['2', '3', '4', '9']);

/**
 * ide/indIntermed and `<infIntermed>`: a sale not made in person must say whether a third party's
 * platform intermediated it (434); when one did (`1`), the platform's CNPJ and the seller's id there
 * are required (438) and the CNPJ must be a real one (440). The group belongs to indIntermed 1 only.
 */
export function renderIntermediador(
  issues: IssueList,
  indPres: string | undefined,
  indIntermed: string | undefined,
  intermediador: NfeIntermediador | null | undefined,
): string {
  if (indIntermed === undefined && indPres !== undefined && REMOTE_SALES.has(indPres)) {
    ruleIssue(
      issues,
      ['ind_intermed'],
      { code: 434, text: 'NF-e sem indicativo do intermediador' },
      `a sale not made in person (ind_pres ${indPres}) must give ind_intermed: 0 (own site or none) or 1 (a third party's platform, with intermediador)`,
    );
  }
  if (!given(intermediador)) {
    if (indIntermed === '1')
      ruleIssue(
        issues,
        ['intermediador'],
        { code: 438 },
        "ind_intermed 1 (a sale on a third party's platform) needs intermediador {cnpj, identificador} (infIntermed)",
      );
    return '';
  }
  if (indIntermed !== '1')
    issues.add(
      ['intermediador'],
      'intermediador_without_ind_intermed',
      "intermediador (infIntermed) is written only for ind_intermed 1, a sale on a third party's platform: set ind_intermed to 1 or leave intermediador out",
    );
  const path = ['intermediador'];
  const cnpj = checkValidCnpj(issues, path, 'cnpj', intermediador.cnpj, {
    code: 440,
    text: 'CNPJ do intermediador da transação inválido',
  });
  const id = checkText(issues, path, 'identificador', intermediador.identificador, {
    min: 2,
    max: 60,
  });
  return `<infIntermed><CNPJ>${cnpj ?? ''}</CNPJ><idCadIntTran>${escapeText(id ?? '')}</idCadIntTran></infIntermed>`;
}
