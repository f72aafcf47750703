import { setImmediate as nextTurn } from 'node:timers/promises';

import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { compileFastParse, setFastParse, ZOD_UUID } from '../src/fast-parse/index.js';
import { TenantBranchQuerySchema } from '../src/schemas/common.js';
import { DocumentListQuerySchema } from '../src/schemas/documents.js';
import {
  EmissaoRequestSchema,
  EmissionHeadersSchema,
  ItemDataPayloadSchema,
} from '../src/schemas/emissions.js';
import { FiscalSeriesCreateSchema, FiscalSeriesPatchSchema } from '../src/schemas/series.js';
import { mutate, pick, rng, validRequest, type Rng } from './random-requests.js';

// Thousands of parses each, twice: give the shared, loaded CI box room.
vi.setConfig({ testTimeout: 60_000 });

type Result = z.SafeParseReturnType<unknown, unknown>;

/** The schema's result with the fast path off (plain zod objects) and on. */
function both(schema: z.ZodTypeAny, input: unknown): { plain: Result; fast: Result } {
  setFastParse(false);
  try {
    const plain = schema.safeParse(input) as Result;
    setFastParse(true);
    return { plain, fast: schema.safeParse(input) as Result };
  } finally {
    setFastParse(true);
  }
}

/**
 * Issues as plain data: a ZodError inside invalid_union carries its methods as own properties,
 * which no two instances share.
 */
function plainIssues(issues: readonly z.ZodIssue[]): unknown[] {
  return issues.map((issue) =>
    issue.code === 'invalid_union'
      ? { ...issue, unionErrors: issue.unionErrors.map((e) => plainIssues(e.issues)) }
      : issue,
  );
}

/** Same success, same data (values, present keys and key order), same issues. */
function expectSame(schema: z.ZodTypeAny, input: unknown, label: string): boolean {
  const { plain, fast } = both(schema, input);
  expect(fast.success, label).toBe(plain.success);
  if (plain.success) {
    expect(fast.data, label).toStrictEqual(plain.data);
    expect(JSON.stringify(fast.data), label).toBe(JSON.stringify(plain.data));
  } else {
    expect(plainIssues(fast.error?.issues ?? []), label).toStrictEqual(
      plainIssues(plain.error.issues),
    );
  }
  // The compiled function alone may only vouch for input zod accepts, with zod's data.
  const compiled = compileFastParse(schema)(input);
  if (compiled) {
    expect(plain.success, `${label}: compiled path accepted invalid input`).toBe(true);
    expect(compiled.data, label).toStrictEqual(plain.data);
  }
  return plain.success;
}

describe('fast path ≡ zod on EmissaoRequestSchema', () => {
  // Each loop lets the worker's event loop turn every 50 requests: a whole loop at once held it
  // past vitest's 60 s RPC timeout on a busy machine.
  it('valid requests: same data, and the compiled path takes every one', async () => {
    const r = rng(1);
    const compiled = compileFastParse(EmissaoRequestSchema);
    for (let i = 0; i < 300; i++) {
      if (i % 50 === 0) await nextTurn();
      const input = validRequest(r);
      expect(expectSame(EmissaoRequestSchema, input, `valid #${i}`), `valid #${i}`).toBe(true);
      expect(compiled(input), `valid #${i} fell back to zod`).toBeDefined();
    }
  });

  it('mutated requests (wrong types, missing, out of range, bad decimals, nulls, extras)', async () => {
    const r = rng(2);
    let invalid = 0;
    for (let i = 0; i < 1500; i++) {
      if (i % 50 === 0) await nextTurn();
      const input = mutate(r, validRequest(r, 4));
      if (!expectSame(EmissaoRequestSchema, input, `mutant #${i}`)) invalid++;
    }
    expect(invalid).toBeGreaterThan(1000); // the mutations mostly do break the request
  });

  it('a JSON body with a __proto__ key, and non-plain objects', () => {
    const r = rng(3);
    const body = JSON.stringify(validRequest(r, 2));
    expectSame(
      EmissaoRequestSchema,
      JSON.parse(body.replace('{', '{"__proto__":{"x":1},')),
      'proto',
    );
    const item = (validRequest(r, 1).itens as unknown[])[0];
    expectSame(
      ItemDataPayloadSchema,
      Object.assign(Object.create({ extra: 1 }) as object, item),
      'inherited',
    );
    expectSame(
      ItemDataPayloadSchema,
      { ...(item as object), then: () => undefined, catch: () => undefined },
      'thenable',
    );
    const sparse = validRequest(r, 3);
    (sparse.itens as unknown[]).length = 5; // holes
    expectSame(EmissaoRequestSchema, sparse, 'holes');
  });

  it('990 items, valid and with one bad decimal deep inside', () => {
    const r = rng(4);
    const input = validRequest(r, 1);
    const first = (input.itens as unknown[])[0];
    input.itens = Array.from({ length: 990 }, () => structuredClone(first));
    expectSame(EmissaoRequestSchema, input, '990');
    ((input.itens as Record<string, unknown>[])[700] as Record<string, unknown>).quantidade = '1,5';
    expect(expectSame(EmissaoRequestSchema, input, '990 bad')).toBe(false);
    input.itens = [...(input.itens as unknown[]), first];
    expect(expectSame(EmissaoRequestSchema, input, '991')).toBe(false);
  });
});

describe('fast path ≡ zod on the other body, query and header schemas', () => {
  const values = (r: Rng) =>
    pick(r, [
      undefined,
      null,
      0,
      1,
      -1,
      999,
      1000,
      1.5,
      999_999_999,
      1e9,
      '1',
      '01',
      'x',
      '',
      true,
      {},
    ]);

  it('series create and the strict series patch', () => {
    const r = rng(5);
    for (let i = 0; i < 800; i++) {
      const create: Record<string, unknown> = {
        tenant_ref: pick(r, ['t', '', 'x'.repeat(64), 'x'.repeat(65), 1]),
        branch_ref: pick(r, ['b', 'x'.repeat(65)]),
        serie: values(r),
        next_number: values(r),
      };
      if (r() < 0.5) create.document_model = pick(r, ['55', '65', undefined, 55]);
      expectSame(FiscalSeriesCreateSchema, create, `create #${i}`);
      const patch: Record<string, unknown> = { next_number: values(r) };
      if (r() < 0.3) patch[pick(r, ['serie', 'tenant_ref', '__proto__'])] = values(r);
      expectSame(FiscalSeriesPatchSchema, patch, `patch #${i}`);
      expectSame(FiscalSeriesPatchSchema, r() < 0.5 ? null : [], `patch shape #${i}`);
    }
  });

  it('document list and tenant/branch queries, idempotency header', () => {
    const r = rng(6);
    const query = (r: Rng) =>
      pick(r, [undefined, '50', '0', '-1', '201', '1.5', '1e2', '', 'abc', 7]);
    for (let i = 0; i < 800; i++) {
      const list: Record<string, unknown> = {};
      for (const key of ['limit', 'offset', 'status', 'tenant_ref'])
        if (r() < 0.6) list[key] = query(r);
      if (r() < 0.2) list.unknown = 'x';
      expectSame(DocumentListQuerySchema, list, `list #${i}`);
      expectSame(
        TenantBranchQuerySchema,
        { tenant_ref: query(r), branch_ref: query(r) },
        `tb #${i}`,
      );
      expectSame(
        EmissionHeadersSchema,
        { 'idempotency-key': pick(r, ['k', '', 'k'.repeat(256), 1]) },
        `h #${i}`,
      );
    }
  });
});

describe('compiler', () => {
  it("copies zod's uuid pattern exactly", () => {
    const r = rng(7);
    const zodUuid = z.string().uuid();
    const hex = '0123456789abcdefABCDEFg-';
    for (let i = 0; i < 5000; i++) {
      const chars = [...'0b8f0c8e-2d7a-4f62-9a55-8a3c8d0f1e21'];
      for (let n = Math.floor(r() * 3); n > 0; n--)
        chars[Math.floor(r() * chars.length)] = pick(r, [...hex]);
      const value = r() < 0.1 ? chars.join('').slice(1) : chars.join('');
      expect(ZOD_UUID.test(value), value).toBe(zodUuid.safeParse(value).success);
    }
  });

  it('leaves what it does not model to zod, with the same result', () => {
    const schema = z.object({
      when: z.string().datetime({ offset: true }),
      either: z.union([z.literal('a'), z.number()]),
      trimmed: z.string().trim().max(3),
      tags: z.record(z.string()),
      every: z.number().multipleOf(0.5).optional(),
    });
    const valid = {
      when: '2024-01-01T00:00:00+03:00',
      either: 2,
      trimmed: '  ab ',
      tags: { a: 'b' },
    };
    expect(compileFastParse(schema)(valid)).toEqual({ ok: true, data: schema.parse(valid) });
    expect(compileFastParse(schema)({ ...valid, when: 'yesterday' })).toBeUndefined();
  });

  it('gives up when an effect reads ctx.path, and on async refinements', () => {
    const byPath = z.string().transform((v, ctx) => `${v}@${ctx.path.join('.')}`);
    expect(compileFastParse(z.object({ a: byPath }))({ a: 'x' })).toBeUndefined();
    const slow = z.string().refine(() => Promise.resolve(true));
    expect(compileFastParse(slow)('x')).toBeUndefined();
  });

  it('keeps ts-rest and the OpenAPI generator looking at a ZodObject', () => {
    expect(EmissaoRequestSchema).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(EmissaoRequestSchema.shape)).toContain('itens');
    expect(FiscalSeriesPatchSchema._def.unknownKeys).toBe('strict');
  });
});
