import type { IssuePath } from '../errors.js';
import type { IssueList } from './issues.js';

/*
 * TString (tiposBasico_v4.00.xsd): `[!-ÿ]{1}[ -ÿ]*[!-ÿ]{1}|[!-ÿ]{1}` — characters U+0020–U+00FF,
 * no leading or trailing space. We also refuse U+007F–U+009F (C1 controls): the pattern admits them
 * but they are control characters, never meant text. Values are rejected, never trimmed.
 */
const EDGE = '\\x21-\\x7E\\xA0-\\xFF';
const INNER = '\\x20-\\x7E\\xA0-\\xFF';
const T_STRING = new RegExp(`^[${EDGE}](?:[${INNER}]*[${EDGE}])?$`);

export interface TextRule {
  readonly min: number;
  readonly max: number;
}

/** Checks the TString field `parent.key` with the layout's length limits; returns the value or `undefined`. */
export function checkText(
  issues: IssueList,
  parent: IssuePath,
  key: string | number,
  value: unknown,
  rule: TextRule,
): string | undefined {
  if (typeof value !== 'string') {
    issues.at(
      parent,
      key,
      value === undefined || value === null ? 'missing' : 'string_type',
      'Field required as text',
    );
    return undefined;
  }
  let ok = true;
  if (value.length < rule.min) {
    issues.at(
      parent,
      key,
      'string_too_short',
      `String should have at least ${rule.min} character(s)`,
    );
    ok = false;
  } else if (value.length > rule.max) {
    issues.at(parent, key, 'string_too_long', `String should have at most ${rule.max} characters`);
    ok = false;
  }
  if (value.length > 0 && !T_STRING.test(value)) {
    issues.at(
      parent,
      key,
      'string_pattern_mismatch',
      'Text must not start or end with a space and may only hold characters U+0020–U+007E and U+00A0–U+00FF (NF-e TString)',
    );
    ok = false;
  }
  return ok ? value : undefined;
}

/** What `checkPattern` needs of a pattern: a RegExp, or a hand-written test (see digits.ts). */
export interface Pattern {
  test(value: string): boolean;
}

/** Checks a field against an anchored pattern; `describe` says what is expected. */
export function checkPattern(
  issues: IssueList,
  parent: IssuePath,
  key: string | number,
  value: unknown,
  pattern: Pattern,
  describe: string,
): string | undefined {
  if (typeof value !== 'string') {
    issues.at(
      parent,
      key,
      value === undefined || value === null ? 'missing' : 'string_type',
      `Field required: ${describe}`,
    );
    return undefined;
  }
  if (!pattern.test(value)) {
    issues.at(parent, key, 'string_pattern_mismatch', `String should be ${describe}`);
    return undefined;
  }
  return value;
}

/** Checks a field against an enumeration (pydantic `literal_error`). */
export function checkLiteral<T extends string>(
  issues: IssueList,
  parent: IssuePath,
  key: string | number,
  value: unknown,
  allowed: readonly T[],
): T | undefined {
  if ((allowed as readonly unknown[]).includes(value)) return value as T;
  issues.at(
    parent,
    key,
    value === undefined || value === null ? 'missing' : 'literal_error',
    `Input should be ${allowed.map((a) => `'${a}'`).join(', ')}`,
  );
  return undefined;
}

/** Whether an optional field was given (null, undefined and absent all mean "not given"). */
export function given<T>(value: T | null | undefined): value is T {
  return value !== undefined && value !== null;
}
