import { checkAuthorisedDownloads } from './aut-xml.js';
import type { RuleContext } from './context.js';
import { checkExportPlace } from './exporta.js';
import { checkIntermediary, checkIntermediaryIndicator } from './intermediador.js';
import type { NfeView } from './nfe-view.js';
import { checkPlaces } from './places.js';
import { checkReferencePurpose } from './reference-purpose.js';
import { checkReferencedDocuments } from './referenced-documents.js';
import type { Rejection } from './rejection.js';
import { checkResponsavelTecnico } from './responsavel-tecnico.js';

/*
 * The rules of the document-level groups around the items, split where MOC 7.0 Anexo I puts them:
 * those of ide (B25, B25b, B25c) and of NFref (BA) before the recipient's, the places (F, G) and
 * autXML (GA) after it; infIntermed (YB), exporta (ZA) and infRespTec (ZD, 7ZD) after payment.
 */

/** B25-30…B25-70, B25b-40, B25c-10/20, BA; then F, G, GA (after E, the recipient). */
export function checkReferencesAndIndicators(
  nfe: NfeView,
  context: RuleContext,
): Rejection | undefined {
  return (
    checkReferencePurpose(nfe) ??
    checkIntermediaryIndicator(nfe) ??
    checkReferencedDocuments(nfe, context)
  );
}

/** F (retirada), G (entrega), GA (autXML). */
export function checkPlacesAndDownloads(nfe: NfeView): Rejection | undefined {
  return checkPlaces(nfe) ?? checkAuthorisedDownloads(nfe);
}

/** YB (infIntermed), ZA (exporta), ZD and 7ZD (infRespTec). */
export function checkTrailerGroups(nfe: NfeView, context: RuleContext): Rejection | undefined {
  return checkIntermediary(nfe) ?? checkExportPlace(nfe) ?? checkResponsavelTecnico(nfe, context);
}
