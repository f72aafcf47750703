import type { DatedRule } from '../dated-rules.js';
import type { IssuePath } from '../errors.js';
import type { RtcCheckOptions, RtcDocument, RtcViolation } from '../rtc/document.js';
import { checkRtcDocument } from '../rtc/rules.js';
import { sumIbsCbsGroups, sumItemTotals, sumSelectiveTax } from '../rtc/totals.js';
import { rtcTotalsXml } from '../rtc/xml.js';
import type { NfeTributoLinha } from '../types.js';
import type { IssueList } from '../validate/issues.js';
import { given } from '../validate/text.js';
import type { RtcCollector } from './det.js';
import { ibsCbsIssuePath } from './ibs-cbs.js';
import { groupIssuePath } from './ibs-cbs-groups.js';
import { isIssueKey } from './is.js';
import { itemPath } from './item-paths.js';

const RTC_DOMAINS: ReadonlySet<unknown> = new Set(['cbs', 'ibs_uf', 'ibs_mun', 'is']);

/** Whether any item carries an IBS/CBS/IS line: then the document gets the reforma-tributária groups. */
export function carriesRtc(
  itens: readonly { fiscal_result: { tributos?: NfeTributoLinha[]; ibs_cbs?: unknown } }[],
): boolean {
  for (const item of itens) {
    if (given(item.fiscal_result?.ibs_cbs)) return true;
    const lines = item.fiscal_result?.tributos;
    if (Array.isArray(lines))
      for (const line of lines) if (RTC_DOMAINS.has(line?.tax_domain)) return true;
  }
  return false;
}

/** What the rules need of ide: the note's purpose and type, the emitter's state, gCompraGov. */
export type RtcDocumentContext = Pick<
  RtcDocument,
  'finNFe' | 'tpNFDebito' | 'tpNFCredito' | 'cUF' | 'pRedutor'
>;

function violationPath(collector: RtcCollector, v: RtcViolation): IssuePath {
  if (v.item === undefined) return ['itens'];
  const group = v.field.startsWith('IBSCBS/') ? groupIssuePath(v.item, v.field) : undefined;
  if (group) return group;
  const sources = collector.sources[v.item];
  if (sources?.ibsCbs && v.field.startsWith('IBSCBS'))
    return ibsCbsIssuePath(sources.ibsCbs, v.field) ?? itemPath(v.item);
  if (sources?.is && v.field.startsWith('IS')) {
    const key = isIssueKey(v.field);
    return key ? [...sources.is.path, key] : sources.is.path;
  }
  return itemPath(v.item);
}

function report(issues: IssueList, collector: RtcCollector, v: RtcViolation): void {
  issues.add(
    violationPath(collector, v),
    'ibs_cbs_rule',
    `${v.rule}${v.cStat === undefined ? '' : ` (SEFAZ rejection ${v.cStat})`}: ${v.message}`,
  );
}

/**
 * The rules of dhEmi's year and month (the test-year rates, the presumed credits of a suspensive
 * condition, competApur), for the instant the document is rendered with. The document passed every
 * other rule already, so whatever these find is theirs; a second rendering for the same month (the
 * API renders once to measure the document, once to number it) reuses the first answer.
 */
function issueMonthRule(
  collector: RtcCollector,
  doc: RtcDocument,
  options: RtcCheckOptions,
): DatedRule {
  let checkedFor: string | undefined;
  let found: readonly RtcViolation[] = [];
  return (day, issues) => {
    const period = `${day.year}-${String(day.month).padStart(2, '0')}`;
    if (period !== checkedFor) {
      found = checkRtcDocument(doc, { ...options, year: day.year, period });
      checkedFor = period;
    }
    for (const v of found) report(issues, collector, v);
  };
}

/**
 * Sums the IBS/CBS/IS totals and vNFTot (Σ vItem; IBS/CBS/IS are not added to vNF) from the
 * collected item values, runs every mechanical rule on what is about to be written (a violation is
 * an issue naming the request line) and returns `ISTot? IBSCBSTot? vNFTot` for `total`. Rules run
 * only on a request without other issues: a field that failed its own check has no value to compute with.
 * With `atIssue`, the rules of the year and month of issue run when the document is rendered for
 * its instant (`year` and `period` of `options` are then not used).
 */
export function finishRtc(
  issues: IssueList,
  collector: RtcCollector,
  ide: RtcDocumentContext,
  options: RtcCheckOptions = {},
  atIssue = false,
): string {
  const items = collector.items;
  const groups = items.flatMap((item) => (item.IBSCBS ? [item.IBSCBS] : []));
  const anyIs = items.some((item) => item.IS !== undefined);
  const doc: RtcDocument = {
    ...ide,
    itens: items,
    ...(groups.length > 0 ? { IBSCBSTot: sumIbsCbsGroups(groups) } : {}),
    ...(anyIs ? { vISTot: sumSelectiveTax(items) } : {}),
    vNFTot: sumItemTotals(items),
  };
  if (doc.vNFTot === '0.00')
    issues.add(['itens'], 'value_out_of_layout', 'vNFTot must be above 0 (TDec_1302Opc)');
  if (issues.count === 0) {
    if (atIssue) {
      const undated: RtcCheckOptions = options.requireIbsCbs ? { requireIbsCbs: true } : {};
      for (const v of checkRtcDocument(doc, undated)) report(issues, collector, v);
      issues.onIssue(issueMonthRule(collector, doc, undated));
    } else {
      for (const v of checkRtcDocument(doc, options)) report(issues, collector, v);
    }
  }
  return rtcTotalsXml(doc.IBSCBSTot, doc.vISTot, doc.vNFTot);
}
