import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { contract } from './contract.js';
import { CertificateUploadFieldsSchema } from './schemas/certificates.js';

// A request body field the contract does not know is refused (extra_forbidden), never dropped:
// a misspelt field meant for the NF-e must not issue a legal document without it. This walks every
// body schema, so an object added later without `.strict()` fails here, not in production.

function routes(router: AppRouter): [string, AppRoute][] {
  return Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value) ? [[key, value] as [string, AppRoute]] : routes(value),
  );
}

/** The path (`itens[].fiscal_result`) of every object schema inside `schema` that is not strict. */
function lenientObjects(
  schema: z.ZodTypeAny,
  path: string,
  seen = new Set<z.ZodTypeAny>(),
): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._def as Record<string, unknown>;
  if (schema instanceof z.ZodObject) {
    const own = schema._def.unknownKeys === 'strict' ? [] : [path || '(body)'];
    return [
      ...own,
      ...Object.entries(schema.shape as z.ZodRawShape).flatMap(([key, child]) =>
        lenientObjects(child, path ? `${path}.${key}` : key, seen),
      ),
    ];
  }
  if (schema instanceof z.ZodArray) return lenientObjects(schema.element, `${path}[]`, seen);
  if (schema instanceof z.ZodEffects) return lenientObjects(schema.innerType(), path, seen);
  if (schema instanceof z.ZodLazy) return lenientObjects(schema.schema, path, seen);
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion)
    return (schema.options as z.ZodTypeAny[]).flatMap((o) => lenientObjects(o, path, seen));
  if (schema instanceof z.ZodIntersection)
    return [
      ...lenientObjects(schema._def.left, path, seen),
      ...lenientObjects(schema._def.right, path, seen),
    ];
  // Optional, nullable, default, branded, readonly, pipeline, catch: one inner schema.
  for (const inner of [def.innerType, def.type, def.in, def.out])
    if (inner instanceof z.ZodType && !(schema instanceof z.ZodArray))
      return lenientObjects(inner, path, seen);
  return [];
}

const bodies = routes(contract)
  .filter(([, route]) => route.method !== 'GET' && route.method !== 'DELETE')
  .map(([name, route]) => {
    const body = (route as { body?: unknown }).body;
    // The multipart upload's body is a type only; its text fields are parsed by this schema.
    return [name, body instanceof z.ZodType ? body : CertificateUploadFieldsSchema] as const;
  });

describe('every request body refuses unknown fields', () => {
  it('covers each route that takes a body', () => {
    expect(bodies.map(([name]) => name).sort()).toEqual(
      [
        'cancelDocument',
        'correctDocument',
        'createInutilizacao',
        'createSeries',
        'createWebhook',
        'emit',
        'patchSeries',
        'patchWebhook',
        'rotateWebhookSecret',
        'testWebhook',
        'uploadCertificate',
      ].sort(),
    );
  });

  it.each(bodies)('%s: every object in its body is strict', (_name, schema) => {
    expect(lenientObjects(schema, '')).toEqual([]);
  });

  it('the walk finds a lenient object where there is one', () => {
    const lenient = z.object({ a: z.array(z.strictObject({ b: z.object({}).optional() })) });
    expect(lenientObjects(lenient.strict(), '')).toEqual(['a[].b']);
  });
});
