import { chaveAcesso, isValidCodigoNumerico } from './chave.js';
import { type RenderedContingency, renderContingency } from './contingency.js';
import { type DatedRule, datedIssues, issueDay } from './dated-rules.js';
import { localDateTime } from './datetime.js';
import { NfeValidationError, type NfeIssue } from './errors.js';
import type { ResponsavelTecnico } from './responsavel-tecnico.js';
import type { NfeRenderParams } from './types.js';
import { ufInfo } from './ufs.js';
import { IssueList } from './validate/issues.js';

const NFE_NS = 'http://www.portalfiscal.inf.br/nfe';

/**
 * What `prepareNfe` rendered, cut where the number, the cNF, the instant and an SVC contingency
 * (tpEmis, dhCont, xJust) go. Only `render` splices them, so this protocol never leaves the
 * library.
 */
export interface NfeFragments {
  /** Emitter state code (ide/cUF). */
  readonly cUF: string;
  readonly uf: string;
  readonly cnpj: string;
  readonly serie: number;
  /** The request's tpEmis; an SVC contingency given to `render` replaces it. */
  readonly tpEmis: string;
  /** `<natOp>…` … up to (excluding) `<nNF>`: natOp, mod, serie. */
  readonly ideBeforeNumber: string;
  /** From `<dhSaiEnt>` (or `<tpNF>`) to `</tpImp>`; tpEmis and cDV follow. */
  readonly ideBeforeTpEmis: string;
  /** From `<tpAmb>` to `</verProc>`; dhCont and xJust follow in contingency. */
  readonly ideBeforeContingency: string;
  /** NFref*, gCompraGov?, gPagAntecipado?: the rest of `<ide>`, possibly empty. */
  readonly ideAfterContingency: string;
  /** emit, dest, det…, total, transp, pag: everything after `</ide>` up to `</infNFe>`. */
  readonly body: string;
  /**
   * The rules that compare the request with the date of issue (dhSaiEnt, due dates, batches, the
   * years of referenced notes, the IBS/CBS rates of the year…), run for each instant rendered.
   */
  readonly dated?: readonly DatedRule[];
  /** infRespTec, closing the document: its hashCSRT needs the chave. */
  readonly respTec?: ResponsavelTecnico;
}

/**
 * A request checked and rendered up to the parts that depend on the number, the cNF and the
 * instant (`prepareNfe`). Prepare once, before a number is taken; `render` then costs a few string
 * joins per number, so a caller that numbers under a lock keeps the lock short. The serie is the
 * request's: it is in the chave and in ide already.
 */
export class PreparedNfe {
  readonly #fragments: NfeFragments;
  /** vNF as text, for callers that store it. */
  readonly vNF: string;

  /** @internal Made by `prepareNfe`. */
  constructor(fragments: NfeFragments, vNF: string) {
    this.#fragments = fragments;
    this.vNF = vNF;
  }

  /**
   * Completes the document with its number, cNF and instant: `dhEmi` in the emitter state's
   * offset, the chave (also `infNFe/@Id` and `cDV`). The result is the `NFe` element in canonical
   * form (C14N 1.0: no declaration, no whitespace between tags, `Id` before `versao`), ready to
   * sign. Throws `NfeValidationError` for a number, cNF or instant out of the layout's range, and
   * for the rules that compare the request with the date of issue in the emitter's state (a
   * `data_saida_entrada` too far from it, 504–506; a duplicata due before it, 900; a batch made
   * after it, 877; …): a caller that numbers under a lock renders once with its instant before
   * taking a number, and a request prepared on one day and issued on the next is judged by the
   * day it is issued.
   *
   * With `contingency` (an SVC, tpEmis 6 or 7) the document is issued in it: its tpEmis replaces
   * the request's in ide and in the chave (position 35, so another cDV), and dhCont and xJust
   * follow verProc. The same prepared request may so be rendered again under the same number in
   * the SVC; the contingency is checked here (`contingency.*` issues: tpEmis, a justification of
   * 15–256 characters, dhCont not after dhEmi, 558, nor 30 days before it, 569).
   */
  render(params: NfeRenderParams): { xml: string; chave: string } {
    return renderFragments(this.#fragments, params);
  }
}

/** The per-emission checks, and the contingency's fields when it is given and sound. */
function checkParams(
  prepared: NfeFragments,
  params: NfeRenderParams,
): { issues: NfeIssue[]; contingency?: RenderedContingency } {
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
  const uf = ufInfo(prepared.uf);
  const day =
    issuedAt instanceof Date && !Number.isNaN(issuedAt.getTime()) && uf
      ? issueDay(issuedAt, uf)
      : undefined;
  // TDateTimeUTC only admits years 2000–2099.
  if (!day || day.year < 2000 || day.year > 2099) {
    issues.push({
      path: ['issuedAt'],
      type: 'datetime_out_of_range',
      message: 'issuedAt should be a valid instant in the years 2000–2099',
    });
    return { issues };
  }
  if (prepared.dated) issues.push(...datedIssues(prepared.dated, day));
  if (!params.contingency || !uf) return { issues };
  const found = new IssueList();
  const contingency = renderContingency(found, params.contingency, day.instant, uf);
  issues.push(...found.toArray());
  return contingency ? { issues, contingency } : { issues };
}

function renderFragments(
  prepared: NfeFragments,
  params: NfeRenderParams,
): { xml: string; chave: string } {
  const { issues, contingency } = checkParams(prepared, params);
  if (issues.length > 0) throw new NfeValidationError(issues);
  const uf = ufInfo(prepared.uf);
  if (!uf)
    throw new NfeValidationError([
      { path: ['emitente', 'address_state'], type: 'unknown_uf', message: 'unknown state' },
    ]);
  const tpEmis = contingency?.tpEmis ?? prepared.tpEmis;
  const dh = localDateTime(params.issuedAt, uf);
  const aamm = String(dh.year % 100).padStart(2, '0') + String(dh.month).padStart(2, '0');
  const chave = chaveAcesso({
    cUF: prepared.cUF,
    aamm,
    cnpj: prepared.cnpj,
    serie: prepared.serie,
    numero: params.numero,
    tpEmis,
    codigoNumerico: params.codigoNumerico,
  });
  const xml =
    `<NFe xmlns="${NFE_NS}"><infNFe Id="NFe${chave}" versao="4.00"><ide><cUF>${prepared.cUF}</cUF>` +
    `<cNF>${params.codigoNumerico}</cNF>${prepared.ideBeforeNumber}<nNF>${params.numero}</nNF>` +
    `<dhEmi>${dh.text}</dhEmi>${prepared.ideBeforeTpEmis}<tpEmis>${tpEmis}</tpEmis>` +
    `<cDV>${chave.charAt(43)}</cDV>${prepared.ideBeforeContingency}${contingency?.xml ?? ''}` +
    `${prepared.ideAfterContingency}</ide>` +
    `${prepared.body}${prepared.respTec?.render(chave) ?? ''}</infNFe></NFe>`;
  return { xml, chave };
}
