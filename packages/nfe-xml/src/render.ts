import { prepareNfe } from './prepare.js';
import type { NfeRenderParams, NfeRequest } from './types.js';

/**
 * Builds the unsigned NF-e in one step: `prepareNfe(input, { ibsCbs: { atIssue: true } }).render(input)`,
 * so the rules of dhEmi's date are checked too: the IBS/CBS rates of the test years and competApur
 * against its year and month, as well as the due dates, batches and dhSaiEnt every rendering checks.
 *
 * @example
 * ```ts
 * import { buildNfe, pickCodigoNumerico } from '@emissor/nfe-xml';
 * import { randomInt } from 'node:crypto';
 *
 * const numero = 26;
 * const { xml, chave } = buildNfe({
 *   ...request, // an NfeRequest (the API's EmissaoRequest, decimals as text)
 *   numero,
 *   codigoNumerico: pickCodigoNumerico(numero, () => String(randomInt(0, 1e8)).padStart(8, '0')),
 *   issuedAt: new Date(),
 * });
 * // xml: '<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe Id="NFe' + chave + '" versao="4.00">…'
 * ```
 * @throws NfeValidationError with every issue (paths into the request, or `numero`/`codigoNumerico`/`issuedAt`).
 */
export function buildNfe(input: NfeRequest & NfeRenderParams): { xml: string; chave: string } {
  return prepareNfe(input, { ibsCbs: { atIssue: true } }).render(input);
}
