import type { z } from 'zod';

/** One named example of a body, as OpenAPI's Example Object. */
export interface BodyExample {
  summary: string;
  value: unknown;
}

/** The extension field @anatine/zod-openapi (under @ts-rest/open-api) merges into a schema. */
interface WithOpenApiMeta {
  metaOpenApi?: { mediaExamples?: Record<string, BodyExample> };
}

/**
 * `schema` as one route's request or response body: the description and the named examples the
 * OpenAPI document shows for it. Returns a copy, so a shared schema (nested elsewhere, where
 * examples do not belong) stays as it was; the copy parses exactly as the original does.
 * The generator moves `mediaExamples` into the media type's `examples`, and uses the description
 * as the response's description.
 */
export function asBody<T extends z.ZodTypeAny>(
  schema: T,
  description: string,
  examples: Record<string, BodyExample>,
): T {
  const copy = schema.describe(description) as T & WithOpenApiMeta;
  copy.metaOpenApi = { mediaExamples: examples };
  return copy;
}

/** The examples {@link asBody} attached to a schema (for bodies the generator does not see). */
export function bodyExamples(schema: unknown): Record<string, BodyExample> | undefined {
  return (schema as WithOpenApiMeta | undefined)?.metaOpenApi?.mediaExamples;
}
