import { formatDateTime } from '../format/documents.js';
import type { NfeData } from '../model/types.js';

/**
 * The SVC that authorised an NF-e of tpEmis 6 or 7 (MOC Anexo II §3.9.1, "Normal, SVC-AN,
 * SVC-RS"): such a DANFE has the normal layout — one barcode, the consultation text, the
 * authorisation protocol — so only this notice tells it was issued in contingency.
 */
const SVC_NAMES: Readonly<Record<string, string>> = { '6': 'SVC-AN', '7': 'SVC-RS' };

/**
 * The contingency notice Informações Complementares opens with (MOC §3: contingency "em
 * destaque"): the SVC by name, or the tpEmis of another contingency, when it began (dhCont) and
 * why (xJust); `undefined` for a normal emission (tpEmis 1).
 */
export function contingencyNotice(nfe: NfeData): string | undefined {
  if (nfe.emissionType === '1') return undefined;
  const mode = SVC_NAMES[nfe.emissionType] ?? `(TPEMIS ${nfe.emissionType})`;
  const when = nfe.contingencyAt ? ` EM ${formatDateTime(nfe.contingencyAt)}` : '';
  const why = nfe.contingencyReason ? ` - JUSTIFICATIVA: ${nfe.contingencyReason}` : '';
  return `EMITIDA EM CONTINGÊNCIA ${mode}${when}${why}`;
}
