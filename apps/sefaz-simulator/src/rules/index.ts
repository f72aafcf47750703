import { checkChave, checkCodigoNumerico, checkIssueDate } from './chave.js';
import type { RuleContext } from './context.js';
import { checkAmbiente, checkCertificateOwner, checkHomologacaoRecipient } from './identity.js';
import { checkCfopDestination, checkIcmsRegime, checkItemValues } from './items.js';
import type { NfeView } from './nfe-view.js';
import { checkPayment } from './payment.js';
import { checkReformaTributaria } from './reforma-tributaria.js';
import type { Rejection } from './rejection.js';
import { checkTotals } from './totals.js';

export type { RuleContext } from './context.js';
export type { NfeView } from './nfe-view.js';
export type { Rejection } from './rejection.js';
export { viewNfe } from './nfe-view.js';

/**
 * The document rules an authoriser checks without its registry, in the order of MOC 7.0 §4.1–4.2
 * (certificate, ambiente, chave, dates, recipient, items, totals, IBS/CBS/IS, payment). The first
 * failure wins.
 */
const RULES: readonly ((nfe: NfeView, context: RuleContext) => Rejection | undefined)[] = [
  checkCertificateOwner,
  checkAmbiente,
  checkChave,
  checkCodigoNumerico,
  (nfe, context) => checkIssueDate(nfe, context.receivedAt),
  checkHomologacaoRecipient,
  checkCfopDestination,
  checkIcmsRegime,
  checkItemValues,
  checkTotals,
  checkReformaTributaria,
  checkPayment,
];

export function firstRejection(nfe: NfeView, context: RuleContext): Rejection | undefined {
  for (const rule of RULES) {
    const result = rule(nfe, context);
    if (result) return result;
  }
  return undefined;
}
