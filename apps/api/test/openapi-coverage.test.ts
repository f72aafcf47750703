/**
 * The OpenAPI document must be worth reading: this test walks it and fails on any gap.
 *
 * How to satisfy it when you add or change a route (all in packages/contract):
 * - Every field, and every query, path and header parameter: `.describe('…')` on its zod schema,
 *   saying what it maps to in the NF-e layout (`emit/CRT: 1 Simples Nacional, …`) or what it means.
 * - Every JSON request body and every response body: `asBody(schema, description, { name: { summary,
 *   value } })` (src/openapi-meta.ts); keep example values in src/examples.ts. XML bodies of
 *   `c.otherResponse` too (`body: asBody(z.string(), …)`); binary ones (the PDF) need a description.
 *   Each example must parse with its schema.
 * - Every error status lists only the codes the route can give: `404: errorBody('x_not_found')`
 *   (src/routes/responses.ts). A code other than the shared ones (`authenticated`, `withBody`,
 *   `withJsonBody`, `crashes`) must be raised with `appError('x_not_found', …)` in the module of
 *   apps/api/src/modules whose router serves that route group (`initServer().router(contract.<group>`),
 *   or in a file of another module it imports (`../certificates/slot-credentials.js`).
 *   A 422 other than a query problem declares its own example with `invalidRequest({ … })`.
 * - A new route group (a new key of the contract): its tag description in CONTRACT_TAGS (contract.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { ERROR_CODE_DESCRIPTIONS, type ErrorCode } from '@emissor/contract';
import type { AppRoute } from '@ts-rest/core';
import type { ZodTypeAny } from 'zod';
import { describe, expect, it } from 'vitest';

import { buildOpenApiDocument } from '../src/modules/openapi/openapi-document.js';
import { version } from '../src/version.js';
import { contractRoutes } from './helpers/contract-routes.js';

type Doc = Record<string, any>;

const MODULES_DIR = fileURLToPath(new URL('../src/modules', import.meta.url));
const doc: Doc = buildOpenApiDocument(version);

interface Operation {
  id: string;
  path: string;
  method: string;
  op: Doc;
  route: AppRoute;
}

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

const operations: Operation[] = contractRoutes().map(({ id, route }) => ({
  id,
  path: toOpenApiPath(route.path),
  method: route.method.toLowerCase(),
  op: doc.paths[toOpenApiPath(route.path)][route.method.toLowerCase()],
  route,
}));

function resolve(schema: Doc): Doc {
  if (typeof schema.$ref !== 'string') return schema;
  const target = schema.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node: Doc | undefined, key: string) => node?.[key], doc);
  return target ?? {};
}

/** Every `where.property` in `schema` (at any depth) whose schema has no description. */
function undescribed(schema: Doc | undefined, where: string, seen = new Set<Doc>()): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = resolve(schema);
  if (seen.has(node)) return [];
  seen.add(node);
  const missing: string[] = [];
  for (const [name, property] of Object.entries((node.properties ?? {}) as Record<string, Doc>)) {
    const described = property.description ?? resolve(property).description;
    if (typeof described !== 'string' || described.trim() === '') missing.push(`${where}.${name}`);
    missing.push(...undescribed(property, `${where}.${name}`, seen));
  }
  for (const key of ['items', 'additionalProperties', 'not'])
    if (node[key] && typeof node[key] === 'object')
      missing.push(...undescribed(node[key] as Doc, `${where}[]`, seen));
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const option of (node[key] ?? []) as Doc[])
      missing.push(...undescribed(option, where, seen));
  return missing;
}

const isBinary = (schema: Doc | undefined) => schema?.format === 'binary';

/** The codes an error body's `detail.code` may take, or undefined when it is not an error body. */
function errorCodes(response: Doc): string[] | undefined {
  const schema = response.content?.['application/json']?.schema as Doc | undefined;
  const code = schema && resolve(schema).properties?.detail?.properties?.code;
  return code ? ((resolve(code as Doc).enum ?? []) as string[]) : undefined;
}

/**
 * The source of the module whose router serves `contract.<group>`, with the files of other modules
 * it imports (a shared raiser such as certificates/slot-credentials.ts), for the producible codes.
 */
function moduleSourceOf(group: string): string {
  const routerPattern = new RegExp(`\\.router\\(contract\\.${group}\\b`);
  for (const dir of readdirSync(MODULES_DIR)) {
    const files = sourceFiles(join(MODULES_DIR, dir));
    const sources = files.map((file) => readFileSync(file, 'utf8'));
    if (!sources.some((source) => routerPattern.test(source))) continue;
    const imported = files.flatMap((file, i) =>
      [...(sources[i] ?? '').matchAll(/from '(\.\.\/[a-z-]+\/[a-z-]+)\.js'/g)].map((m) =>
        readFileSync(`${join(dirname(file), m[1] ?? '')}.ts`, 'utf8'),
      ),
    );
    return [...sources, ...imported].join('\n');
  }
  throw new Error(`no module in apps/api/src/modules has a router for contract.${group}`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Codes every route of a kind may give, raised outside the route modules (HTTP layer). */
function sharedCodeAllowed(code: ErrorCode, { op }: Operation): boolean | undefined {
  const keyed = Array.isArray(op.security) && op.security.length > 0;
  const content = (op.requestBody?.content ?? {}) as Record<string, unknown>;
  switch (code) {
    case 'internal_error':
      return true;
    case 'unauthorized':
    case 'rate_limited':
    case 'service_unavailable':
      return keyed;
    case 'payload_too_large':
    case 'unsupported_content_encoding':
      return op.requestBody !== undefined;
    case 'unsupported_media_type':
      return 'application/json' in content;
    default:
      return undefined;
  }
}

/** Every error status listing a code of another status, or one the route cannot give. */
function errorCodeProblems(list: Operation[]): string[] {
  const wrong: string[] = [];
  for (const operation of list) {
    const { id, op, route } = operation;
    const group = id.split('.')[0]!;
    for (const [status, response] of Object.entries(op.responses as Doc)) {
      if (Number(status) < 400 || status === '422') continue;
      const codes = errorCodes(response as Doc);
      if (codes === undefined) continue; // not an error body (e.g. the readiness 503)
      if (codes.length === 0) wrong.push(`${id} ${status}: no code listed`);
      for (const code of codes as ErrorCode[]) {
        const where = `${id} ${status} ${code}`;
        const known = ERROR_CODE_DESCRIPTIONS[code];
        if (!known) {
          wrong.push(`${where}: not in ERROR_CODE_DESCRIPTIONS`);
          continue;
        }
        if (String(known.status) !== status) {
          wrong.push(`${where}: that code is sent with ${known.status}`);
          continue;
        }
        const shared = sharedCodeAllowed(code, operation);
        if (shared === false) wrong.push(`${where}: this route cannot give it`);
        if (shared !== undefined) continue;
        const raised = new RegExp(`appError\\(\\s*'${code}'`);
        if (!raised.test(moduleSourceOf(group)))
          wrong.push(
            `${where}: the ${group} module never raises it (${route.method} ${route.path})`,
          );
      }
    }
  }
  return wrong;
}

describe('OpenAPI coverage: the document explains itself', () => {
  it('has servers and a described tag for every operation', () => {
    expect(doc.servers?.length).toBeGreaterThan(0);
    const tags = new Map(
      ((doc.tags ?? []) as Doc[]).map((tag) => [tag.name as string, tag.description]),
    );
    const undocumented = operations
      .flatMap(({ op }) => op.tags as string[])
      .filter((tag) => typeof tags.get(tag) !== 'string');
    expect(undocumented, 'add these groups to CONTRACT_TAGS').toEqual([]);
  });

  it('describes every field of every body and every parameter', () => {
    const missing: string[] = [];
    for (const { id, op } of operations) {
      for (const parameter of (op.parameters ?? []) as Doc[])
        if (typeof parameter.description !== 'string')
          missing.push(`${id} ${parameter.in} parameter ${parameter.name}`);
      for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Doc))
        missing.push(...undescribed(media.schema as Doc, `${id} request ${type}`));
      for (const [status, response] of Object.entries(op.responses as Doc))
        for (const media of Object.values((response.content ?? {}) as Doc))
          missing.push(...undescribed(media.schema as Doc, `${id} ${status}`));
    }
    for (const [name, schema] of Object.entries((doc.components?.schemas ?? {}) as Doc))
      missing.push(...undescribed(schema as Doc, `components.${name}`));
    expect(missing, 'add .describe() to these fields in packages/contract').toEqual([]);
  });

  it('gives every request and response body a description and examples', () => {
    const gaps: string[] = [];
    for (const { id, op } of operations) {
      if (op.requestBody) {
        if (typeof op.requestBody.description !== 'string' || op.requestBody.description === 'Body')
          gaps.push(`${id} request body description`);
        for (const [type, media] of Object.entries(op.requestBody.content as Doc))
          if (Object.keys(media.examples ?? {}).length === 0)
            gaps.push(`${id} request ${type} examples`);
      }
      for (const [status, response] of Object.entries(op.responses as Doc)) {
        if (/^\d+$/.test(String(response.description))) gaps.push(`${id} ${status} description`);
        for (const [type, media] of Object.entries((response.content ?? {}) as Doc))
          if (!isBinary(media.schema as Doc) && Object.keys(media.examples ?? {}).length === 0)
            gaps.push(`${id} ${status} ${type} examples`);
      }
    }
    expect(gaps, 'wrap these bodies with asBody(schema, description, examples)').toEqual([]);
  });

  it('has examples that fit their own schemas', () => {
    const misfits: string[] = [];
    const check = (where: string, schema: unknown, examples: Doc | undefined) => {
      if (!schema || typeof (schema as ZodTypeAny).safeParse !== 'function') return;
      for (const [name, example] of Object.entries(examples ?? {})) {
        const result = (schema as ZodTypeAny).safeParse(example.value);
        if (!result.success) misfits.push(`${where} "${name}": ${result.error.message}`);
      }
    };
    for (const { id, op, route } of operations) {
      if ('body' in route)
        check(`${id} request`, route.body, op.requestBody?.content?.['application/json']?.examples);
      for (const [status, response] of Object.entries(op.responses as Doc))
        check(
          `${id} ${status}`,
          route.responses[Number(status)],
          response.content?.['application/json']?.examples,
        );
    }
    expect(misfits).toEqual([]);
  });

  it('lists on each error status only codes of that status that the route can give', () => {
    expect(errorCodeProblems(operations)).toEqual([]);
  });

  it('refuses a route that lists every code, or a field without a description', () => {
    const emit = operations.find(({ id }) => id === 'emissions.emit')!;
    const everyCode = Object.keys(ERROR_CODE_DESCRIPTIONS);
    const op = structuredClone(emit.op);
    op.responses['404'].content['application/json'].schema.properties.detail.properties.code.enum =
      everyCode;
    const problems = errorCodeProblems([{ ...emit, op }]);
    expect(problems).toContain('emissions.emit 404 unauthorized: that code is sent with 401');
    expect(problems).toContain(
      'emissions.emit 404 document_not_found: the emissions module never raises it (POST /v1/emissoes)',
    );
    expect(problems.filter((problem) => problem.includes(' series_not_found'))).toEqual([]);

    const body = structuredClone(emit.op.requestBody.content['application/json'].schema);
    delete body.properties.emitente.properties.crt.description;
    expect(undescribed(body, 'emit')).toEqual(['emit.emitente.crt']);
  });
});
