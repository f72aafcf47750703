import { chaveAcesso, isValidCodigoNumerico } from './chave.js';
import { localDateTime } from './datetime.js';
import { NfeValidationError, type NfeIssue } from './errors.js';
import { prepareNfe } from './prepare.js';
import type { NfeRenderParams, NfeRequest, PreparedNfe } from './types.js';
import { ufInfo } from './ufs.js';

const NFE_NS = 'http://www.portalfiscal.inf.br/nfe';

function checkParams(prepared: PreparedNfe, params: NfeRenderParams): NfeIssue[] {
  const issues: NfeIssue[] = [];
  const { numero, codigoNumerico, issuedAt } = params;
  if (!Number.isInteger(numero) || numero < 1 || numero > 999_999_999) {
    issues.push({
      path: ['numero'],
      type: 'number_out_of_range',
      message: 'numero should be an integer from 1 to 999999999 (TNF)',
    });
  } else if (!isValidCodigoNumerico(codigoNumerico, numero)) {
    issues.push({
      path: ['codigoNumerico'],
      type: 'invalid_codigo_numerico',
      message:
        'cNF should be 8 digits, differ from nNF and not be a trivial sequence (NT 2019.001)',
    });
  }
  const year =
    issuedAt instanceof Date && ufInfo(prepared.uf)
      ? localDateTime(issuedAt, ufInfo(prepared.uf) ?? { cUF: '', utcOffset: '-03:00' }).year
      : NaN;
  // TDateTimeUTC only admits years 2000–2099.
  if (!(year >= 2000 && year <= 2099)) {
    issues.push({
      path: ['issuedAt'],
      type: 'datetime_out_of_range',
      message: 'issuedAt should be a valid instant in the years 2000–2099',
    });
  }
  return issues;
}

/**
 * Completes a prepared document with its number, cNF and instant: `dhEmi` in the emitter state's
 * offset, the chave (also `infNFe/@Id` and `cDV`). The result is the `NFe` element in canonical
 * form (C14N 1.0: no declaration, no whitespace between tags, `Id` before `versao`), ready to sign.
 */
export function renderNfe(
  prepared: PreparedNfe,
  params: NfeRenderParams,
): { xml: string; chave: string } {
  const issues = checkParams(prepared, params);
  if (issues.length > 0) throw new NfeValidationError(issues);
  const uf = ufInfo(prepared.uf);
  if (!uf)
    throw new NfeValidationError([
      { path: ['emitente', 'address_state'], type: 'unknown_uf', message: 'unknown state' },
    ]);
  const dh = localDateTime(params.issuedAt, uf);
  const aamm = String(dh.year % 100).padStart(2, '0') + String(dh.month).padStart(2, '0');
  const chave = chaveAcesso({
    cUF: prepared.cUF,
    aamm,
    cnpj: prepared.cnpj,
    serie: prepared.serie,
    numero: params.numero,
    tpEmis: prepared.tpEmis,
    codigoNumerico: params.codigoNumerico,
  });
  const xml =
    `<NFe xmlns="${NFE_NS}"><infNFe Id="NFe${chave}" versao="4.00"><ide><cUF>${prepared.cUF}</cUF>` +
    `<cNF>${params.codigoNumerico}</cNF>${prepared.ideBeforeNumber}<nNF>${params.numero}</nNF>` +
    `<dhEmi>${dh.text}</dhEmi>${prepared.ideMiddle}<cDV>${chave.charAt(43)}</cDV>${prepared.ideTail}</ide>` +
    `${prepared.body}</infNFe></NFe>`;
  return { xml, chave };
}

/**
 * Builds the unsigned NF-e in one step: `renderNfe(prepareNfe(input, { ibsCbs: { year, period } }),
 * input)`, from dhEmi's year and month, so the IBS/CBS rates of the test years (and competApur
 * against the month of issue) are checked too.
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
  return renderNfe(prepareNfe(input, { ibsCbs: issueDate(input) }), input);
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
