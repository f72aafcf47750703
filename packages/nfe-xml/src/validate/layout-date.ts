import type { IssuePath } from '../errors.js';
import type { IssueList } from './issues.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date `YYYY-MM-DD` (no 2026-02-30). */
function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * TData (tiposBasico_v4.00.xsd): a date `YYYY-MM-DD` of the years 2000–2099. Dates in this form
 * compare as strings, which is how callers order them.
 */
export function checkLayoutDate(
  issues: IssueList,
  parent: IssuePath,
  key: string | number,
  value: unknown,
): string | undefined {
  if (typeof value !== 'string') {
    issues.at(
      parent,
      key,
      value === undefined || value === null ? 'missing' : 'date_type',
      'Field required as a date YYYY-MM-DD',
    );
    return undefined;
  }
  const match = DATE.exec(value);
  if (!match || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
    issues.at(parent, key, 'date_parsing', 'Input should be a valid date in the format YYYY-MM-DD');
    return undefined;
  }
  if (!value.startsWith('20')) {
    issues.at(parent, key, 'date_out_of_range', 'Date should be in the years 2000–2099 (TData)');
    return undefined;
  }
  return value;
}

/** The same day `years` later (29 February becomes 28 February in a common year). */
export function addYears(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) + years;
  let rest = date.slice(4);
  if (rest === '-02-29' && !isCalendarDate(year, 2, 29)) rest = '-02-28';
  return `${year}${rest}`;
}
