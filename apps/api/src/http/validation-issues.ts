import type { ZodIssue } from 'zod';

import type { ValidationIssue } from '../errors.js';

export type Location = 'body' | 'query' | 'path' | 'header';

function valueAt(root: unknown, path: (string | number)[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** Deeper inputs are not echoed: JSON.stringify recurses, and a 100k-deep array would overflow the stack. */
const MAX_ECHO_DEPTH = 32;

/** True when `value` nests no deeper than MAX_ECHO_DEPTH (checked without recursion). */
function echoable(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [v, depth] = next;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_ECHO_DEPTH) return false;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return true;
}

const TYPE_BY_EXPECTED: Record<string, string> = {
  string: 'string_type',
  // Every plain number in the contract is an integer (decimals report their own types:
  // decimal_type, decimal_parsing), and zod 3 does not say which kind of number it expected.
  number: 'int_parsing',
  integer: 'int_parsing',
  bigint: 'int_parsing',
  boolean: 'bool_parsing',
  object: 'model_attributes_type',
  array: 'list_type',
  date: 'datetime_parsing',
};

/** What a zod issue is called in pydantic v2, with its `ctx` where pydantic gives one. */
function pydanticType(issue: ZodIssue): { type: string; ctx?: Record<string, unknown> } {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.received === 'undefined') return { type: 'missing' };
      if (issue.expected === 'integer' && issue.received === 'float')
        return { type: 'int_from_float' };
      return { type: TYPE_BY_EXPECTED[issue.expected] ?? `${issue.expected}_type` };
    case 'too_small':
      if (issue.type === 'string')
        return { type: 'string_too_short', ctx: { min_length: Number(issue.minimum) } };
      if (issue.type === 'array')
        return { type: 'too_short', ctx: { min_length: Number(issue.minimum) } };
      return issue.inclusive
        ? { type: 'greater_than_equal', ctx: { ge: Number(issue.minimum) } }
        : { type: 'greater_than', ctx: { gt: Number(issue.minimum) } };
    case 'too_big':
      if (issue.type === 'string')
        return { type: 'string_too_long', ctx: { max_length: Number(issue.maximum) } };
      if (issue.type === 'array')
        return { type: 'too_long', ctx: { max_length: Number(issue.maximum) } };
      return issue.inclusive
        ? { type: 'less_than_equal', ctx: { le: Number(issue.maximum) } }
        : { type: 'less_than', ctx: { lt: Number(issue.maximum) } };
    case 'invalid_string':
      if (issue.validation === 'uuid') return { type: 'uuid_parsing' };
      if (issue.validation === 'datetime') return { type: 'datetime_parsing' };
      if (issue.validation === 'email') return { type: 'value_error' };
      return { type: 'string_pattern_mismatch' };
    case 'invalid_literal':
      return { type: 'literal_error', ctx: { expected: JSON.stringify(issue.expected) } };
    case 'invalid_enum_value':
      return {
        type: 'literal_error',
        ctx: { expected: issue.options.map((o) => JSON.stringify(o)).join(' or ') },
      };
    case 'not_multiple_of':
      return { type: 'multiple_of', ctx: { multiple_of: Number(issue.multipleOf) } };
    case 'custom': {
      // Schemas name their pydantic type in params (e.g. decimal_parsing, int_parsing).
      const params = (issue.params ?? {}) as { type?: string; ctx?: Record<string, unknown> };
      return { type: params.type ?? 'value_error', ...(params.ctx ? { ctx: params.ctx } : {}) };
    }
    default:
      return { type: 'value_error' };
  }
}

function pydanticMessage(type: string, issue: ZodIssue): string {
  if (type === 'missing') return 'Field required';
  if (type === 'extra_forbidden') return 'Extra inputs are not permitted';
  return issue.message;
}

/**
 * Translates zod issues found in one part of a request into HTTPValidationError items:
 * `loc` starts with the part, `type` is the pydantic v2 name, `input` is the offending value.
 */
export function toValidationIssues(
  issues: readonly ZodIssue[],
  location: Location,
  input: unknown,
): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  for (const issue of issues) {
    if (issue.code === 'invalid_union') {
      // Report the branch that got furthest rather than an opaque "invalid input".
      const branches = issue.unionErrors.map((e) => e.issues);
      const best =
        branches.find((b) => b.every((i) => i.code !== 'invalid_type')) ?? branches[0] ?? [];
      out.push(...toValidationIssues(best, location, input));
      continue;
    }
    if (issue.code === 'unrecognized_keys') {
      // The field's name says what was refused; its value is never echoed: an unknown field is
      // where a misplaced secret lands (`password` sent to the wrong route, a misspelt `senha`).
      for (const key of issue.keys)
        out.push({
          loc: [location, ...issue.path, key],
          msg: 'Extra inputs are not permitted',
          type: 'extra_forbidden',
        });
      continue;
    }
    const { type, ctx } = pydanticType(issue);
    const item: ValidationIssue = {
      loc: [location, ...issue.path],
      msg: pydanticMessage(type, issue),
      type,
    };
    // For a missing field pydantic echoes the object that lacks it.
    const value =
      type === 'missing' ? valueAt(input, issue.path.slice(0, -1)) : valueAt(input, issue.path);
    // Header values are never echoed (docs/api-rules.md): the headers hold the API key, cookies
    // and authorisation, and a 422 must not hand them back to whoever reads the response or its logs.
    if (location !== 'header' && value !== undefined && echoable(value)) item.input = value;
    if (ctx) item.ctx = ctx;
    out.push(item);
  }
  return out;
}
