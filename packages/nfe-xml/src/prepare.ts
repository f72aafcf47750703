import { ChunkedText } from './chunked-text.js';
import { formatDecimal } from './decimal.js';
import { NfeValidationError } from './errors.js';
import { type RenderedDest, renderDest } from './render/dest.js';
import { renderClosingGroups, renderHeaderGroups } from './render/document-groups.js';
import { renderDet, type RtcCollector } from './render/det.js';
import { renderEmit } from './render/emit.js';
import { exitTimeRule } from './render/exit-time.js';
import { renderIdeFragments } from './render/ide.js';
import { checkDocumentWideRules } from './render/item-and-delivery-rules.js';
import { Totals } from './render/item-totals.js';
import { renderCobr } from './render/cobr.js';
import { renderPag } from './render/pag.js';
import { renderTransp } from './render/transp.js';
import { partyId } from './render/transp-rules.js';
import { carriesRtc, finishRtc } from './render/rtc-document.js';
import { renderTotals, totalInvoice } from './render/totals.js';
import type { RtcCheckOptions } from './rtc/document.js';
import { PreparedNfe } from './prepared-nfe.js';
import type { ResponsavelTecnico } from './responsavel-tecnico.js';
import type { NfeRequest } from './types.js';
import { ufInfo } from './ufs.js';
import { IssueList } from './validate/issues.js';
import { given } from './validate/text.js';

/** det{1..990} (leiauteNFe_v4.00.xsd). */
export const MAX_ITEMS = 990;

export interface PrepareOptions {
  /**
   * What the IBS/CBS/IS rules need beyond the request: `atIssue` checks the rules of the year and
   * month of issue (the test-year rates — 2026: IBS UF 0.10 %, IBS Mun 0 %, CBS 0.90 %; 2027–2028:
   * IBS 0.05 % + 0.05 % —, competApur…) against dhEmi's when the document is rendered for its
   * instant; `year` and `period` instead fix them now; `requireIbsCbs` turns on UB12-10 (every
   * item carries IBSCBS). All off by default. The other rules that compare the request with the
   * date of issue (due dates, batches, dhSaiEnt, referenced notes) always run at `render`.
   */
  readonly ibsCbs?: RtcCheckOptions & { readonly atIssue?: boolean };
  /** Written as infRespTec in every document (its hashCSRT at `render`, from the chave). */
  readonly responsavelTecnico?: ResponsavelTecnico;
}

/**
 * Checks a request against every layout limit and renders all of the document that does not depend
 * on the number, the cNF or the instant; `.render({ numero, codigoNumerico, issuedAt })` completes
 * it. Throws `NfeValidationError` listing every issue found.
 */
export function prepareNfe(request: NfeRequest, options: PrepareOptions = {}): PreparedNfe {
  const issues = new IssueList();
  const itens = Array.isArray(request.itens) ? request.itens : [];
  if (itens.length === 0) issues.add(['itens'], 'too_short', 'List should have at least 1 item');
  if (itens.length > MAX_ITEMS)
    issues.add(['itens'], 'too_long', `List should have at most ${MAX_ITEMS} items (det{1..990})`);

  const emit = renderEmit(issues, request.emitente);
  const uf = request.emitente.address_state;
  const info = ufInfo(uf);
  const cMunFG = request.emitente.address_city_ibge_code;
  const ide = renderIdeFragments(issues, request, cMunFG);
  checkDocumentWideRules(issues, request, ide, info);
  if (ide.exitTime) issues.onIssue(exitTimeRule(ide.exitTime.instant, ide.tpNF === '1'));

  let dest = '';
  let recipient: RenderedDest | undefined;
  if (given(request.destinatario)) {
    const rendered = renderDest(issues, request.destinatario, request.ambiente === 'homologacao');
    dest = rendered.xml;
    recipient = rendered;
    // idDest comes from uf_destino_tipo; a recipient address in another state must agree (SEFAZ 521/523).
    if (rendered.uf && info && ufInfo(rendered.uf)) {
      const interstate = rendered.uf !== uf;
      if (interstate !== (request.uf_destino_tipo === 'interestadual')) {
        issues.add(
          ['uf_destino_tipo'],
          'uf_destino_tipo_mismatch',
          `Recipient state ${rendered.uf} and emitter state ${uf} contradict uf_destino_tipo '${request.uf_destino_tipo}'`,
        );
      }
    }
  }

  const crt = request.emitente.crt;
  const totals = new Totals();
  const ctx = {
    issues,
    simples: crt !== '3',
    interstate: request.uf_destino_tipo === 'interestadual',
    totals,
    onlyIbsCbs: ide.finNFe === '5' || ide.finNFe === '6',
    finNFe: ide.finNFe,
    emitterPlace: { uf, city: cMunFG },
    references: request.documentos_referenciados,
    hasDelivery: given(request.entrega),
    suframa: given(request.destinatario?.inscricao_suframa),
    ...(ide.pRedutor !== undefined ? { pRedutor: ide.pRedutor } : {}),
    ...(carriesRtc(itens) ? { rtc: { items: [], sources: [] } satisfies RtcCollector } : {}),
  };
  const limit = Math.min(itens.length, MAX_ITEMS);
  const body = new ChunkedText();
  body.add(emit);
  body.add(dest);
  body.add(renderHeaderGroups(issues, request, ide, recipient, limit));
  for (let i = 0; i < limit; i++) body.add(renderDet(ctx, itens[i] as (typeof itens)[number], i));

  const vNF = totalInvoice(totals);
  const rtcTotals = ctx.rtc
    ? finishRtc(
        issues,
        ctx.rtc,
        {
          finNFe: ide.finNFe,
          ...(ide.tpNFDebito ? { tpNFDebito: ide.tpNFDebito } : {}),
          ...(ide.tpNFCredito ? { tpNFCredito: ide.tpNFCredito } : {}),
          ...(info ? { cUF: info.cUF } : {}),
          ...(ide.pRedutor !== undefined ? { pRedutor: ide.pRedutor } : {}),
        },
        options.ibsCbs,
        options.ibsCbs?.atIssue === true,
      )
    : '';
  const total = renderTotals(issues, totals, vNF, rtcTotals);
  const transp = renderTransp(issues, request.transporte, {
    emitterCnpj: request.emitente.cnpj,
    ...(given(request.destinatario) ? { recipient: partyId(request.destinatario) } : {}),
    interstate: request.uf_destino_tipo === 'interestadual',
    outgoing: ide.tpNF !== '0',
  });
  const cobr = renderCobr(issues, request.cobranca);
  const pag = renderPag(issues, request, { vNF, finNFe: ide.finNFe });

  const closing = renderClosingGroups(issues, request, ide);

  if (issues.count > 0) throw new NfeValidationError(issues.toArray());
  body.add(total);
  body.add(transp);
  body.add(cobr);
  body.add(pag);
  body.add(closing);
  return new PreparedNfe(
    {
      cUF: info?.cUF ?? '',
      uf,
      cnpj: request.emitente.cnpj,
      serie: request.serie,
      tpEmis: ide.tpEmis,
      ideBeforeNumber: ide.beforeNumber,
      ideBeforeTpEmis: ide.beforeTpEmis,
      ideBeforeContingency: ide.beforeContingency,
      ideAfterContingency: ide.afterContingency,
      body: body.finish(),
      ...(issues.datedRules.length > 0 ? { dated: issues.datedRules } : {}),
      ...(options.responsavelTecnico ? { respTec: options.responsavelTecnico } : {}),
    },
    formatDecimal(vNF, 2),
  );
}
