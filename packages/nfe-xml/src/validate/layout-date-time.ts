import type { IssuePath } from '../errors.js';
import type { IssueList } from './issues.js';

/** ISO 8601 with seconds and an offset: `2026-11-21T19:30:00-03:00`, `…T22:30:00Z`, fractions allowed. */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * A date-time the request gives with its offset, as an instant in whole seconds (fractions are
 * dropped, as TDateTimeUTC has none). The layout writes it in the emitter state's offset, so any
 * offset is accepted; a time without one is ambiguous and refused.
 */
export function checkDateTime(
  issues: IssueList,
  parent: IssuePath,
  key: string,
  value: unknown,
): Date | undefined {
  if (typeof value !== 'string') {
    issues.at(
      parent,
      key,
      value === undefined || value === null ? 'missing' : 'datetime_type',
      'Field required as an ISO 8601 date-time with its offset, e.g. 2026-11-21T19:30:00-03:00',
    );
    return undefined;
  }
  const m = DATE_TIME.exec(value);
  const [year, month, day, hour, minute, second] = (m?.slice(1, 7) ?? []).map(Number);
  const offset =
    m?.[7] === undefined ? 0 : (Number(m[8]) * 60 + Number(m[9])) * (m[7] === '-' ? -1 : 1);
  const local =
    year === undefined ? NaN : Date.UTC(year, (month ?? 0) - 1, day, hour, minute, second);
  const date = new Date(local);
  const real =
    m !== null &&
    !Number.isNaN(local) &&
    date.getUTCDate() === day &&
    date.getUTCMonth() === (month ?? 0) - 1 &&
    (hour ?? 24) < 24 &&
    (minute ?? 60) < 60 &&
    (second ?? 60) < 60 &&
    Math.abs(offset) <= 14 * 60;
  if (!real) {
    issues.at(
      parent,
      key,
      'datetime_parsing',
      'Input should be a valid ISO 8601 date-time with seconds and an offset, e.g. 2026-11-21T19:30:00-03:00',
    );
    return undefined;
  }
  return new Date(local - offset * 60_000);
}
