import { localDateTime } from './datetime.js';
import type { IssuePath } from './errors.js';
import type { NfeSvcContingency } from './types.js';
import type { UfInfo } from './ufs.js';
import type { IssueList } from './validate/issues.js';
import { ruleIssue } from './validate/sefaz-rule.js';
import { checkLiteral, checkText } from './validate/text.js';
import { escapeText } from './xml-escape.js';

const PATH: IssuePath = ['contingency'];
const SVC_TP_EMIS = ['6', '7'] as const;
/** How long before dhEmi contingency may have begun (rejection 569, MOC B28-40). */
const MAX_AGE_MS = 30 * 24 * 3_600_000;

/** What an SVC contingency puts into `<ide>`: tpEmis, and dhCont + xJust after verProc. */
export interface RenderedContingency {
  readonly tpEmis: '6' | '7';
  /** `<dhCont>…</dhCont><xJust>…</xJust>`. */
  readonly xml: string;
}

/**
 * Checks an SVC contingency against the instant of issue (`issuedAt`, whole seconds, already
 * checked) and renders its fields: dhCont in the emitter state's offset like dhEmi, xJust escaped.
 * dhCont may not be after dhEmi — SEFAZ refuses one after its receipt (558), and a document cannot
 * be issued in a contingency that had not begun — nor more than 30 days before it (569). Without
 * `issuedAt` (a document issued before the contingency began and re-issued in it, SEFAZ never
 * having received it: contingency-reissue.ts) only the fields themselves are checked. Issues go
 * to `issues` under `contingency.*`; the result is `undefined` when there are any.
 */
export function renderContingency(
  issues: IssueList,
  contingency: NfeSvcContingency,
  issuedAt: number | undefined,
  uf: UfInfo,
): RenderedContingency | undefined {
  const before = issues.count;
  const tpEmis = checkLiteral(issues, PATH, 'tpEmis', contingency.tpEmis, SVC_TP_EMIS);
  const justification = checkText(issues, PATH, 'justification', contingency.justification, {
    min: 15,
    max: 256,
  });
  const since = sinceInstant(issues, contingency.since, uf);
  if (since !== undefined && issuedAt !== undefined) {
    if (since > issuedAt) {
      ruleIssue(
        issues,
        [...PATH, 'since'],
        { code: 558, text: 'Data de entrada em contingência posterior a data de recebimento' },
        'contingency.since is after issuedAt; a document can only be issued in a contingency that has already begun',
      );
    } else if (since < issuedAt - MAX_AGE_MS) {
      ruleIssue(
        issues,
        [...PATH, 'since'],
        { code: 569, text: 'Data de entrada em contingência muito atrasada' },
        'contingency.since is more than 30 days before issuedAt',
      );
    }
  }
  if (issues.count > before || !tpEmis || justification === undefined || since === undefined)
    return undefined;
  const dhCont = localDateTime(new Date(since), uf).text;
  return {
    tpEmis,
    xml: `<dhCont>${dhCont}</dhCont><xJust>${escapeText(justification)}</xJust>`,
  };
}

/** `since` in milliseconds, whole seconds, when it is an instant TDateTimeUTC can write. */
function sinceInstant(issues: IssueList, since: unknown, uf: UfInfo): number | undefined {
  const valid = since instanceof Date && !Number.isNaN(since.getTime());
  const year = valid ? localDateTime(since, uf).year : 0;
  if (!valid || year < 2000 || year > 2099) {
    issues.at(
      PATH,
      'since',
      'datetime_out_of_range',
      'contingency.since should be a valid instant in the years 2000–2099 (TDateTimeUTC)',
    );
    return undefined;
  }
  return Math.floor(since.getTime() / 1000) * 1000;
}
