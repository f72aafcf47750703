import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { toValidationIssues, type Location } from './validation-issues.js';

const Body = z.object({
  name: z.string().max(5),
  code: z.string().min(2),
  count: z.number().int().min(1).max(10),
  ratio: z.number().gt(0),
  id: z.string().uuid(),
  model: z.literal('55').default('55'),
  mode: z.enum(['interna', 'interestadual']),
  flag: z.boolean(),
  items: z.array(z.string()).min(1),
  nested: z.object({ cnpj: z.string().regex(/^\d{14}$/) }),
  decimal: z.string().refine((v) => /^\d+$/.test(v), {
    params: { type: 'decimal_parsing' },
    message: 'bad decimal',
  }),
});
const Strict = z.object({ next_number: z.number().int() }).strict();

const valid = {
  name: 'ab',
  code: 'ab',
  count: 3,
  ratio: 1,
  id: '6f1c1d2e-8f0a-4a55-9b7e-5d2c1e7f9a10',
  model: '55',
  mode: 'interna',
  flag: true,
  items: ['x'],
  nested: { cnpj: '12345678000195' },
  decimal: '10',
};

/** Each row: one bad value → the pydantic-style item the API must answer with. */
const table: {
  name: string;
  patch: Record<string, unknown>;
  loc: (string | number)[];
  type: string;
  ctx?: object;
  input?: unknown;
}[] = [
  { name: 'missing field', patch: { name: undefined }, loc: ['body', 'name'], type: 'missing' },
  {
    name: 'string too long',
    patch: { name: 'abcdef' },
    loc: ['body', 'name'],
    type: 'string_too_long',
    ctx: { max_length: 5 },
    input: 'abcdef',
  },
  {
    name: 'string too short',
    patch: { code: 'a' },
    loc: ['body', 'code'],
    type: 'string_too_short',
    ctx: { min_length: 2 },
  },
  {
    name: 'wrong type for string',
    patch: { name: 12 },
    loc: ['body', 'name'],
    type: 'string_type',
    input: 12,
  },
  {
    name: 'integer below minimum',
    patch: { count: 0 },
    loc: ['body', 'count'],
    type: 'greater_than_equal',
    ctx: { ge: 1 },
  },
  {
    name: 'integer above maximum',
    patch: { count: 11 },
    loc: ['body', 'count'],
    type: 'less_than_equal',
    ctx: { le: 10 },
  },
  {
    name: 'float where integer',
    patch: { count: 2.5 },
    loc: ['body', 'count'],
    type: 'int_from_float',
  },
  {
    name: 'text where integer',
    patch: { count: 'x' },
    loc: ['body', 'count'],
    type: 'int_parsing',
  },
  {
    name: 'exclusive minimum',
    patch: { ratio: 0 },
    loc: ['body', 'ratio'],
    type: 'greater_than',
    ctx: { gt: 0 },
  },
  { name: 'bad uuid', patch: { id: 'nope' }, loc: ['body', 'id'], type: 'uuid_parsing' },
  { name: 'wrong literal', patch: { model: '65' }, loc: ['body', 'model'], type: 'literal_error' },
  { name: 'enum miss', patch: { mode: 'x' }, loc: ['body', 'mode'], type: 'literal_error' },
  {
    name: 'text where boolean',
    patch: { flag: 'yes' },
    loc: ['body', 'flag'],
    type: 'bool_parsing',
  },
  {
    name: 'empty list',
    patch: { items: [] },
    loc: ['body', 'items'],
    type: 'too_short',
    ctx: { min_length: 1 },
  },
  {
    name: 'pattern mismatch, nested',
    patch: { nested: { cnpj: 'x' } },
    loc: ['body', 'nested', 'cnpj'],
    type: 'string_pattern_mismatch',
  },
  {
    name: 'scalar where object',
    patch: { nested: 3 },
    loc: ['body', 'nested'],
    type: 'model_attributes_type',
  },
  {
    name: 'custom type from params',
    patch: { decimal: 'a' },
    loc: ['body', 'decimal'],
    type: 'decimal_parsing',
  },
];

describe('zod issues → HTTPValidationError items', () => {
  it.each(table)('$name', ({ patch, loc, type, ctx, input }) => {
    const body = { ...valid, ...patch };
    const result = Body.safeParse(body);
    expect(result.success).toBe(false);
    const issues = toValidationIssues(result.error!.issues, 'body', body);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ loc, type });
    expect(typeof issues[0]!.msg).toBe('string');
    if (ctx) expect(issues[0]!.ctx).toEqual(ctx);
    if (input !== undefined) expect(issues[0]!.input).toEqual(input);
  });

  it('reports a missing field with the object that lacks it as input, and msg "Field required"', () => {
    const body = { ...valid, name: undefined };
    const [issue] = toValidationIssues(Body.safeParse(body).error!.issues, 'body', body);
    expect(issue).toMatchObject({ msg: 'Field required', input: body });
  });

  it('reports each unknown property of a strict object as extra_forbidden, never echoing its value', () => {
    const body = { next_number: 2, foo: 1, password: 'segredo' };
    const issues = toValidationIssues(Strict.safeParse(body).error!.issues, 'body', body);
    expect(issues).toEqual([
      { loc: ['body', 'foo'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
      { loc: ['body', 'password'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
    ]);
  });

  it.each<Location>(['query', 'path', 'header'])('prefixes loc with %s', (where) => {
    const issues = toValidationIssues(Strict.safeParse({}).error!.issues, where, {});
    expect(issues[0]!.loc).toEqual([where, 'next_number']);
  });

  it('lists every problem, not only the first', () => {
    const body = { ...valid, name: 'abcdefgh', count: 0, id: 'x' };
    expect(
      toValidationIssues(Body.safeParse(body).error!.issues, 'body', body).map((i) => i.type),
    ).toEqual(['string_too_long', 'greater_than_equal', 'uuid_parsing']);
  });
});
