import { z } from 'zod';

import { objectNode } from './object-code.js';

/**
 * Compiles a zod 3 schema tree into a plain function that accepts only input it can prove zod
 * would accept, and then returns exactly zod's output. Anything else gives `undefined`, so the
 * caller runs zod itself and gets zod's own issues: the compiled function may be stricter than
 * zod (it may give up on valid input), never looser, and never produce different data.
 */

/** What a compiled node returns when it cannot vouch for its input. */
export const BAIL: unique symbol = Symbol('bail');
export type Node = (value: unknown) => unknown;

/** A schema class that knows how to compile itself (e.g. the typeof-dispatching decimal union). */
export interface FastCompilable {
  compileFast(compile: (schema: z.ZodTypeAny) => Node): Node;
}

const isFastCompilable = (schema: object): schema is FastCompilable =>
  typeof (schema as Partial<FastCompilable>).compileFast === 'function';

/** The uuid pattern of zod 3.25 (types.js `uuidRegex`, not exported); the tests pin it to zod's. */
export const ZOD_UUID =
  /^[0-9a-fA-F]{8}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{12}$/i;

/**
 * The `ctx` handed to refinements and transforms. Any issue means zod will fail, so the node
 * bails; reading `path` bails too, because this context does not track it and an effect whose
 * output depended on it could otherwise differ.
 */
class EffectCtx {
  failed = false;
  addIssue(): void {
    this.failed = true;
  }
  get path(): (string | number)[] {
    this.failed = true;
    return [];
  }
}

// One spare context, reused: effects run for every decimal of a request. A nested parse started
// by an effect finds no spare and allocates its own, so reuse never crosses calls.
let spare: EffectCtx | undefined = new EffectCtx();

/** Calls `effect(value, ctx)`; BAIL if it reported an issue, read the path or went async. */
function runEffect(
  effect: (value: unknown, ctx: z.RefinementCtx) => unknown,
  value: unknown,
): unknown {
  const ctx = spare ?? new EffectCtx();
  spare = undefined;
  ctx.failed = false;
  const out = effect(value, ctx);
  spare = ctx;
  // A promise makes zod's sync parse throw: let zod do that.
  return ctx.failed || out instanceof Promise ? BAIL : out;
}

/** Runs zod on a subtree whose kind (or check) this compiler does not model. Exact, but slow. */
function delegate(schema: z.ZodTypeAny): Node {
  return (value) => {
    const result = schema.safeParse(value) as z.SafeParseReturnType<unknown, unknown>;
    return result.success ? result.data : BAIL;
  };
}

function compileString(schema: z.ZodString): Node {
  if (schema._def.coerce) return delegate(schema);
  const tests: ((value: string) => boolean)[] = [];
  for (const check of schema._def.checks) {
    switch (check.kind) {
      case 'min': {
        const min = check.value;
        tests.push((v) => v.length >= min);
        break;
      }
      case 'max': {
        const max = check.value;
        tests.push((v) => v.length <= max);
        break;
      }
      case 'length': {
        const length = check.value;
        tests.push((v) => v.length === length);
        break;
      }
      case 'regex': {
        const regex = check.regex;
        // zod resets lastIndex before each test (a /g pattern is stateful).
        tests.push((v) => {
          regex.lastIndex = 0;
          return regex.test(v);
        });
        break;
      }
      case 'uuid':
        tests.push((v) => ZOD_UUID.test(v));
        break;
      default:
        return delegate(schema); // trim, datetime, email, …: zod knows best
    }
  }
  return (value) => {
    if (typeof value !== 'string') return BAIL;
    for (const test of tests) if (!test(value)) return BAIL;
    return value;
  };
}

function compileNumber(schema: z.ZodNumber): Node {
  if (schema._def.coerce) return delegate(schema);
  const tests: ((value: number) => boolean)[] = [];
  for (const check of schema._def.checks) {
    switch (check.kind) {
      case 'int':
        tests.push(Number.isInteger);
        break;
      case 'min': {
        const { value: min, inclusive } = check;
        tests.push(inclusive ? (v) => v >= min : (v) => v > min);
        break;
      }
      case 'max': {
        const { value: max, inclusive } = check;
        tests.push(inclusive ? (v) => v <= max : (v) => v < max);
        break;
      }
      case 'finite':
        tests.push(Number.isFinite);
        break;
      default:
        return delegate(schema); // multipleOf: zod's float-safe remainder
    }
  }
  return (value) => {
    // zod parses NaN as its own type ("nan"), never as a number.
    if (typeof value !== 'number' || Number.isNaN(value)) return BAIL;
    for (const test of tests) if (!test(value)) return BAIL;
    return value;
  };
}

/** What zod's getParsedType calls "object", for objects JSON can produce: plain ones only. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false; // arrays, dates, maps, …
  // zod takes anything with then() and catch() for a promise.
  return typeof (value as { then?: unknown }).then !== 'function';
}

function compileObject(schema: z.ZodObject<z.ZodRawShape>): Node {
  const { unknownKeys, catchall } = schema._def;
  if (!(catchall instanceof z.ZodNever) || unknownKeys === 'passthrough') return delegate(schema);
  const shape = schema.shape;
  const keys = Object.keys(shape);
  if (keys.includes('__proto__')) return delegate(schema);
  const known = new Set(keys);
  const nodes = keys.map((key) => compile(shape[key] as z.ZodTypeAny));
  return objectNode(keys, nodes, unknownKeys === 'strict', known, BAIL, isPlainObject);
}

function compileArray(schema: z.ZodArray<z.ZodTypeAny>): Node {
  const { exactLength, minLength, maxLength, type } = schema._def;
  const element = compile(type);
  const exact = exactLength?.value;
  const min = minLength?.value ?? 0;
  const max = maxLength?.value ?? Infinity;
  return (value) => {
    if (!Array.isArray(value)) return BAIL;
    const { length } = value;
    if ((exact !== undefined && length !== exact) || length < min || length > max) return BAIL;
    const out = new Array<unknown>(length);
    for (let i = 0; i < length; i++) {
      const parsed = element(value[i]);
      if (parsed === BAIL) return BAIL;
      out[i] = parsed;
    }
    return out;
  };
}

function compileEffects(schema: z.ZodEffects<z.ZodTypeAny>): Node {
  const effect = schema._def.effect;
  const inner = compile(schema._def.schema);
  switch (effect.type) {
    case 'refinement': {
      const refine = effect.refinement as (value: unknown, ctx: z.RefinementCtx) => unknown;
      return (value) => {
        const parsed = inner(value);
        if (parsed === BAIL || runEffect(refine, parsed) === BAIL) return BAIL;
        return parsed; // a refinement keeps its input
      };
    }
    case 'transform': {
      const transform = effect.transform as (value: unknown, ctx: z.RefinementCtx) => unknown;
      return (value) => {
        const parsed = inner(value);
        return parsed === BAIL ? BAIL : runEffect(transform, parsed);
      };
    }
    case 'preprocess': {
      const transform = effect.transform as (value: unknown, ctx: z.RefinementCtx) => unknown;
      return (value) => {
        const processed = runEffect(transform, value);
        return processed === BAIL ? BAIL : inner(processed);
      };
    }
    default:
      return delegate(schema);
  }
}

/** Compiles one node; unknown kinds run through zod (see delegate). */
export function compile(schema: z.ZodTypeAny): Node {
  if (isFastCompilable(schema)) return schema.compileFast(compile);
  if (schema instanceof z.ZodObject) return compileObject(schema as z.ZodObject<z.ZodRawShape>);
  if (schema instanceof z.ZodString) return compileString(schema);
  if (schema instanceof z.ZodNumber) return compileNumber(schema);
  if (schema instanceof z.ZodArray) return compileArray(schema as z.ZodArray<z.ZodTypeAny>);
  if (schema instanceof z.ZodEffects) return compileEffects(schema as z.ZodEffects<z.ZodTypeAny>);
  if (schema instanceof z.ZodOptional) {
    const inner = compile(schema._def.innerType as z.ZodTypeAny);
    return (value) => (value === undefined ? undefined : inner(value));
  }
  if (schema instanceof z.ZodNullable) {
    const inner = compile(schema._def.innerType as z.ZodTypeAny);
    return (value) => (value === null ? null : inner(value));
  }
  if (schema instanceof z.ZodDefault) {
    const inner = compile(schema._def.innerType as z.ZodTypeAny);
    const fallback = schema._def.defaultValue as () => unknown;
    // zod parses the default value through the inner schema as well.
    return (value) => inner(value === undefined ? fallback() : value);
  }
  if (schema instanceof z.ZodLiteral) {
    const literal: unknown = schema._def.value;
    return (value) => (value === literal ? value : BAIL);
  }
  if (schema instanceof z.ZodEnum) {
    const options = new Set<unknown>(schema._def.values as string[]);
    return (value) => (typeof value === 'string' && options.has(value) ? value : BAIL);
  }
  if (schema instanceof z.ZodBoolean) {
    if (schema._def.coerce) return delegate(schema);
    return (value) => (typeof value === 'boolean' ? value : BAIL);
  }
  if (schema instanceof z.ZodAny || schema instanceof z.ZodUnknown) return (value) => value;
  return delegate(schema); // unions, records, pipelines, lazies, …
}

export type FastParse = (input: unknown) => { ok: true; data: unknown } | undefined;

/** The public form: `{ ok, data }` when the input is proven valid, `undefined` to ask zod. */
export function compileFastParse(schema: z.ZodTypeAny): FastParse {
  const node = compile(schema);
  return (input) => {
    const data = node(input);
    return data === BAIL ? undefined : { ok: true, data };
  };
}
