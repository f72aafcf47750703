import { checkChave, checkCodigoNumerico, checkIssueDate } from './chave.js';
import { checkContingencyEntry } from './contingency-entry.js';
import type { RuleContext } from './context.js';
import {
  checkPlacesAndDownloads,
  checkReferencesAndIndicators,
  checkTrailerGroups,
} from './document-groups.js';
import { checkEmissionType } from './emission-type.js';
import { checkExitDate } from './exit-date.js';
import { checkAmbiente, checkCertificateOwner, checkHomologacaoRecipient } from './identity.js';
import { checkIcmsGroups } from './icms-rules.js';
import { checkCfopDestination, checkIcmsRegime, checkItemValues } from './items.js';
import { checkItemGroups } from './item-groups.js';
import type { NfeView } from './nfe-view.js';
import { checkPayment } from './payment.js';
import { checkRecipient } from './recipient.js';
import { checkReformaTributaria } from './reforma-tributaria.js';
import type { Rejection } from './rejection.js';
import { checkTotals } from './totals.js';
import { checkTransportBilling } from './transport-billing.js';

export type { RuleContext, SvcRuleContext } from './context.js';
export type { NfeView } from './nfe-view.js';
export type { Rejection } from './rejection.js';
export { viewNfe } from './nfe-view.js';

/**
 * The document rules an authoriser checks without its registry, in the order of MOC 7.0 §4.1–4.2
 * (certificate, ambiente, chave, dates, tpEmis and contingency entry, references, recipient,
 * places, items, totals, IBS/CBS/IS, transport, payment, intermediary, export, responsável
 * técnico). The first failure wins.
 */
const RULES: readonly ((nfe: NfeView, context: RuleContext) => Rejection | undefined)[] = [
  checkCertificateOwner,
  checkAmbiente,
  checkChave,
  checkCodigoNumerico,
  (nfe, context) => checkIssueDate(nfe, context.receivedAt),
  (nfe, context) => checkExitDate(nfe, context.receivedAt),
  checkEmissionType,
  checkContingencyEntry,
  checkReferencesAndIndicators,
  checkHomologacaoRecipient,
  checkRecipient,
  checkPlacesAndDownloads,
  checkCfopDestination,
  checkIcmsRegime,
  checkItemValues,
  checkItemGroups,
  checkIcmsGroups,
  checkTotals,
  checkReformaTributaria,
  checkTransportBilling,
  checkPayment,
  checkTrailerGroups,
];

export function firstRejection(nfe: NfeView, context: RuleContext): Rejection | undefined {
  for (const rule of RULES) {
    const result = rule(nfe, context);
    if (result) return result;
  }
  return undefined;
}
