import type { NfeRequest } from '../types.js';
import type { UfInfo } from '../ufs.js';
import type { IssueList } from '../validate/issues.js';
import { given } from '../validate/text.js';
import type { IdeFragments } from './ide.js';
import { checkDeliveryForecastDate, exitDay } from './ide-reforma.js';
import { checkItemReferences } from './item-reference-rules.js';

/**
 * The rules of the reforma tributária layout's fields that read more than their own group: the
 * items' DFeReferenciado against each other and ide/NFref, and dPrevEntrega against the day the
 * goods leave (dhSaiEnt, else the day of issue, once the document is rendered for its instant).
 */
export function checkDocumentWideRules(
  issues: IssueList,
  request: NfeRequest,
  ide: IdeFragments,
  uf: UfInfo | undefined,
): void {
  const forecast = ide.deliveryForecast;
  if (forecast !== undefined) {
    const exit = exitDay(ide.exitTime?.instant, uf);
    // Without dhSaiEnt the goods leave the day they are issued: known when rendered for an instant.
    if (exit !== undefined) checkDeliveryForecastDate(issues, forecast, exit);
    else issues.onIssue((day, found) => checkDeliveryForecastDate(found, forecast, day.date));
  }
  const itens = Array.isArray(request.itens) ? request.itens : [];
  if (!itens.some((item) => given(item?.documento_referenciado)) && ide.tpNFDebito === undefined)
    return;
  checkItemReferences(issues, itens, {
    finNFe: ide.finNFe,
    ...(ide.tpNFDebito !== undefined ? { tpNFDebito: ide.tpNFDebito } : {}),
    documentReferences:
      Array.isArray(request.documentos_referenciados) &&
      request.documentos_referenciados.length > 0,
  });
}
