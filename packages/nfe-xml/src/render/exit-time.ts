import type { DatedRule } from '../dated-rules.js';
import { localDateTime } from '../datetime.js';
import type { UfInfo } from '../ufs.js';
import { checkDateTime } from '../validate/layout-date-time.js';
import type { IssueList } from '../validate/issues.js';
import { ruleIssue } from '../validate/sefaz-rule.js';

const KEY = 'data_saida_entrada';
/** How far dhSaiEnt may be from the authorisation, either way (rejections 504 and 505). */
const WINDOW_MS = 30 * 24 * 3_600_000;

/** ide/dhSaiEnt as written, and its instant for the checks against dhEmi. */
export interface ExitTime {
  readonly xml: string;
  /** Milliseconds since the epoch, whole seconds. */
  readonly instant: number;
}

/**
 * `data_saida_entrada` → `<dhSaiEnt>` in the emitter state's offset (TDateTimeUTC, whole seconds,
 * years 2000–2099). Absent: nothing. Its distance to dhEmi is checked once the instant of issue
 * is known (`exitTimeRule`).
 */
export function renderExitTime(
  issues: IssueList,
  value: unknown,
  uf: UfInfo | undefined,
): ExitTime | undefined {
  if (value === undefined || value === null) return undefined;
  const instant = checkDateTime(issues, [], KEY, value);
  if (instant === undefined || uf === undefined) return undefined;
  const local = localDateTime(instant, uf);
  if (local.year < 2000 || local.year > 2099) {
    issues.add(
      [KEY],
      'datetime_out_of_range',
      'Date-time should be in the years 2000–2099 (TDateTimeUTC)',
    );
    return undefined;
  }
  return { xml: `<dhSaiEnt>${local.text}</dhSaiEnt>`, instant: instant.getTime() };
}

/**
 * The rules that tie dhSaiEnt to the instant of issue: within 30 days of it either way (504, 505)
 * and, for goods leaving (tpNF 1), not before it (506). They run when the document is rendered for
 * its instant, which the API does before it takes a number.
 */
export function exitTimeRule(exit: number, saida: boolean): DatedRule {
  return ({ instant: dhEmi }, issues) => {
    if (saida && exit < dhEmi) {
      ruleIssue(
        issues,
        [KEY],
        { code: 506, text: 'Data de Saída menor que a Data de Emissão' },
        'goods leaving (tp_nf 1) cannot leave before the NF-e is issued (dhEmi); give a later data_saida_entrada or omit it',
      );
    } else if (exit < dhEmi - WINDOW_MS) {
      ruleIssue(
        issues,
        [KEY],
        { code: 505, text: 'Data de Entrada/Saída anterior ao permitido' },
        'data_saida_entrada is more than 30 days before the instant of issue',
      );
    }
    if (exit > dhEmi + WINDOW_MS) {
      ruleIssue(
        issues,
        [KEY],
        { code: 504, text: 'Data de Entrada/Saída posterior ao permitido' },
        'data_saida_entrada is more than 30 days after the instant of issue',
      );
    }
  };
}
