import { localDateTime } from './datetime.js';
import { prepareNfe } from './prepare.js';
import type { NfeRenderParams, NfeRequest } from './types.js';
import { ufInfo } from './ufs.js';

/**
 * Builds the unsigned NF-e in one step: `prepareNfe(input, { ibsCbs: { year, period } }).render(input)`,
 * from dhEmi's year and month, so the IBS/CBS rates of the test years (and competApur against the
 * month of issue) are checked too.
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
  const ibsCbs = issueDate(input);
  const day = issueDay(input);
  return prepareNfe(input, { ibsCbs, ...(day ? { issueDate: day } : {}) }).render(input);
}

/**
 * The year (which picks the IBS/CBS test-year rates) and month of dhEmi in the emitter's state;
 * empty when unknown.
 */
function issueDate(input: NfeRequest & NfeRenderParams): { year?: number; period?: string } {
  const uf = ufInfo(input.emitente.address_state);
  if (!uf || !(input.issuedAt instanceof Date) || Number.isNaN(input.issuedAt.getTime())) return {};
  const { year, month } = localDateTime(input.issuedAt, uf);
  return { year, period: `${year}-${String(month).padStart(2, '0')}` };
}

/** dhEmi's date (YYYY-MM-DD) in the emitter's state, which the due dates of `cobranca` follow. */
function issueDay(input: NfeRequest & NfeRenderParams): string | undefined {
  const uf = ufInfo(input.emitente.address_state);
  if (!uf || !(input.issuedAt instanceof Date) || Number.isNaN(input.issuedAt.getTime()))
    return undefined;
  return localDateTime(input.issuedAt, uf).text.slice(0, 10);
}
