import { formatDecimal } from '../decimal.js';
import type { RtcItem, RtcOtherTax } from '../rtc/document.js';
import { itemTotal } from '../rtc/rules.js';
import { ibsCbsXml, isXml } from '../rtc/xml.js';
import type { NfeItem } from '../types.js';
import type { IssueList } from '../validate/issues.js';
import { checkLiteral, checkText, given } from '../validate/text.js';
import { escapeText } from '../xml-escape.js';
import { buildIbsCbs, type IbsCbsSources } from './ibs-cbs.js';
import { readIbsCbsGroups } from './ibs-cbs-groups.js';
import { renderIcms } from './icms.js';
import { renderIcmsUfDest } from './icms-uf-dest.js';
import { renderIpi } from './ipi.js';
import { buildIs } from './is.js';
import { itemParts, snapshotParts } from './item-value.js';
import {
  fiscalPath as fiscalPathOf,
  itemPath as itemPathOf,
  tributosPath as tributosPathOf,
} from './item-paths.js';
import { hasItemNotes, NO_ITEM_NOTES, renderItemNotes } from './item-notes.js';
import { renderItemReturn } from './item-return.js';
import { renderMoreItemTaxes } from './more-item-taxes.js';
import type { Totals } from './item-totals.js';
import { renderPisCofins } from './pis-cofins.js';
import { type ProdContext, renderProd } from './prod.js';
import { mismatch, readTaxLines, type TaxLine } from './tax-lines.js';

const ORIGINS = ['0', '1', '2', '3', '4', '5', '6', '7', '8'] as const;

/** A CFOP of goods coming in from the state or another one (1xxx, 2xxx). */
function isEntryCfop(cfop: unknown): boolean {
  if (typeof cfop !== 'string') return false;
  const first = cfop.charAt(0);
  return first === '1' || first === '2';
}

export interface DetContext extends ProdContext {
  readonly issues: IssueList;
  readonly simples: boolean;
  readonly interstate: boolean;
  readonly totals: Totals;
  /**
   * Set when some item carries an IBS/CBS/IS line (reforma tributária): every det then gets vItem
   * and the item's values are collected for the totals and the rule checks.
   */
  readonly rtc?: RtcCollector;
  /** A credit or debit note (finNFe 5/6): items carry only IBS/CBS, no ICMS (B25-80). */
  readonly onlyIbsCbs?: boolean;
  /** The destinatário has a SUFRAMA registration (ICMS desoneração motive 7 needs one). */
  readonly suframa?: boolean;
  /** ide/gCompraGov/pRedutor: a government purchase reduces the IBS/CBS rates. */
  readonly pRedutor?: string;
}

/** An item's IBS/CBS/IS values and the request lines they came from. */
export interface RtcCollector {
  readonly items: RtcItem[];
  readonly sources: { ibsCbs?: IbsCbsSources; is?: TaxLine }[];
}

/** det/infAdProd: 1–500 characters. */
const ADDITIONAL_INFO = { min: 1, max: 500 };

/**
 * One `<det nItem="n">`: prod, then imposto in layout order — vTotTrib?, ICMS, IPI?, II?, PIS?,
 * PISST?, COFINS?, COFINSST?, ICMSUFDest?, IS?, IBSCBS? (leiauteNFe_v4.00.xsd, det/imposto) —
 * then impostoDevol?, infAdProd?, obsItem?, in a document with IBS/CBS/IS vItem, and
 * DFeReferenciado?.
 */
export function renderDet(ctx: DetContext, item: NfeItem, index: number): string {
  const { issues, totals } = ctx;
  const fiscalPath = fiscalPathOf(index);
  const lines = readTaxLines(issues, index, item.fiscal_result.tributos ?? []);
  const orig = given(item.fiscal_result.origem)
    ? (checkLiteral(issues, fiscalPath, 'origem', item.fiscal_result.origem, ORIGINS) ?? '')
    : '0';
  const before = ctx.rtc ? snapshotParts(totals) : undefined;
  const prod = renderProd(ctx, index, item, lines.icms);
  if (ctx.onlyIbsCbs)
    for (const line of [lines.icms, lines.icms_st, lines.fcp, lines.fcp_st, lines.icms_uf_dest])
      if (line)
        mismatch(
          issues,
          line,
          'a credit or debit note (fin_nfe 5/6) carries only IBS/CBS (B25-80)',
        );
  const icms = ctx.onlyIbsCbs
    ? ''
    : renderIcms({
        issues,
        fiscalPath,
        simples: ctx.simples,
        fiscalCst: item.fiscal_result.cst,
        fiscalCsosn: item.fiscal_result.csosn,
        orig,
        lines,
        totals,
        interstate: ctx.interstate,
        suframa: ctx.suframa === true,
        entry: isEntryCfop(item.fiscal_result.cfop),
      });
  const ipi = lines.ipi ? renderIpi(issues, lines.ipi, totals) : '';
  const pis = lines.pis ? renderPisCofins(issues, lines.pis, 'PIS', totals) : '';
  const cofins = lines.cofins ? renderPisCofins(issues, lines.cofins, 'COFINS', totals) : '';
  const more = lines.more
    ? renderMoreItemTaxes(issues, lines.more, item.fiscal_result.cfop, ctx.onlyIbsCbs, totals)
    : undefined;
  const difal =
    lines.icms_uf_dest && !ctx.onlyIbsCbs
      ? renderIcmsUfDest(
          issues,
          lines.icms_uf_dest,
          lines.icms,
          ctx.interstate,
          tributosPathOf(index),
          totals,
        )
      : '';
  // Before the parts of vItem are read: the returned IPI is one of them.
  const devol = given(item.devolucao)
    ? renderItemReturn(issues, itemPathOf(index), item.devolucao, ctx.finNFe, totals)
    : '';
  const infAdProd = given(item.informacoes_adicionais)
    ? `<infAdProd>${escapeText(checkText(issues, itemPathOf(index), 'informacoes_adicionais', item.informacoes_adicionais, ADDITIONAL_INFO) ?? '')}</infAdProd>`
    : '';
  const notes = hasItemNotes(item)
    ? renderItemNotes(issues, itemPathOf(index), item)
    : NO_ITEM_NOTES;
  let rtc = '';
  let vItem = '';
  if (ctx.rtc && before) {
    const groups = item.fiscal_result.ibs_cbs;
    const extras = given(groups) ? readIbsCbsGroups(issues, index, groups) : undefined;
    const ibsCbs = buildIbsCbs(issues, index, lines, extras, ctx.pRedutor);
    const is = lines.is ? buildIs(issues, lines.is) : undefined;
    const parts = itemParts(before, snapshotParts(totals));
    // An item outside the total added its vProd to no sum, but its own vItem still counts it.
    const values = prod.included ? parts : { ...parts, vProd: prod.vProd || '0.00' };
    const total = formatDecimal(itemTotal(values), 2);
    const otherTaxes: RtcOtherTax[] = icms ? ['ICMS'] : [];
    if (lines.ipi) otherTaxes.push('IPI');
    if (lines.pis) otherTaxes.push('PIS');
    if (lines.cofins) otherTaxes.push('COFINS');
    if (lines.more?.ii) otherTaxes.push('II');
    ctx.rtc.items.push({
      nItem: index + 1,
      ...(prod.included ? {} : { indTot: '0' as const }),
      ...(ibsCbs ? { IBSCBS: ibsCbs.group } : {}),
      ...(is ? { IS: is } : {}),
      vItem: total,
      values,
      otherTaxes,
    });
    ctx.rtc.sources.push({
      ...(ibsCbs ? { ibsCbs: ibsCbs.sources } : {}),
      ...(lines.is ? { is: lines.is } : {}),
    });
    rtc = (is ? isXml(is) : '') + (ibsCbs ? ibsCbsXml(ibsCbs.group) : '');
    vItem = `<vItem>${total}</vItem>`;
  }
  // Joined, not concatenated: `join` copies the pieces into one flat string, so the many small
  // strings the groups were built from die young instead of living, as a rope of thousands of
  // nodes per document, until the whole document is finished (the scavenger copied them all).
  return [
    `<det nItem="${index + 1}">`,
    prod.xml,
    '<imposto>',
    more ? more.vTotTrib : '',
    icms,
    ipi,
    more ? more.ii : '',
    pis,
    more ? more.pisSt : '',
    cofins,
    more ? more.cofinsSt : '',
    difal,
    rtc,
    '</imposto>',
    devol,
    infAdProd,
    notes.obsItem,
    vItem,
    notes.reference,
    '</det>',
  ].join('');
}
