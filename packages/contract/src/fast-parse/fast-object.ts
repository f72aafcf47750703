import { z } from 'zod';

import { BAIL, compile, type Node } from './compile.js';

let enabled = true;

/**
 * Switches every fastObject's compiled path on or off (process-wide). Off, they are plain zod
 * objects: the equivalence tests and the benchmark compare the two on the same schemas.
 */
export function setFastParse(on: boolean): void {
  enabled = on;
}

/**
 * A ZodObject (so ts-rest, its client types and the OpenAPI generator see an ordinary object)
 * whose parse first tries the compiled function and falls back to zod when that gives up, so
 * invalid input still gets exactly zod's issues. Nested fast objects help on that fallback too.
 */
class FastZodObject extends z.ZodObject<z.ZodRawShape> {
  // Compiled on first parse: the shape may hold schemas declared later (getters, lazies).
  #node: Node | undefined;

  override _parse(input: z.ParseInput): z.ParseReturnType<Record<string, unknown>> {
    if (enabled) {
      this.#node ??= compile(new z.ZodObject(this._def));
      const data = this.#node(input.data);
      if (data !== BAIL) return { status: 'valid', value: data as Record<string, unknown> };
    }
    return super._parse(input);
  }
}

/**
 * The same object schema with the compiled fast path. Apply it last: zod's object methods
 * (`.strict()`, `.extend()`, …) return plain ZodObjects.
 */
export function fastObject<T extends z.AnyZodObject>(schema: T): T {
  return new FastZodObject(schema._def as z.ZodObjectDef) as unknown as T;
}
