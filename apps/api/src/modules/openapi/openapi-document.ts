import { bodyExamples, contract, CONTRACT_TAGS, examples } from '@emissor/contract';
import type { AppRoute } from '@ts-rest/core';
import { generateOpenApi } from '@ts-rest/open-api';

type Json = Record<string, unknown>;
/** openapi3-ts's type, reached through the generator (it is not a direct dependency). */
type OperationMapper = NonNullable<
  NonNullable<Parameters<typeof generateOpenApi>[2]>['operationMapper']
>;
type OperationObject = ReturnType<OperationMapper>;

/** The name of the security scheme every `metadata.auth: 'api-key'` route requires. */
export const API_KEY_SCHEME = 'ApiKeyAuth';

const requestIdHeader = {
  description:
    'The id of this request (the one sent by the caller, or a new one); also in logs and 500 messages.',
  schema: { type: 'string' },
};

/** `idempotency-key` → `Idempotency-Key`: the contract's header keys are lower case (as Express sees them). */
const headerName = (key: string) =>
  key.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());

/**
 * What ts-rest's generator does not know (it only sees zod schemas and the JSON content type):
 * security, multipart and XML bodies, and the headers the server adds.
 */
function completeOperation(operation: Json, route: AppRoute): Json {
  const op: Json = { ...operation };
  const metadata = route.metadata as { auth?: string } | undefined;
  op.security = metadata?.auth === 'api-key' ? [{ [API_KEY_SCHEME]: [] }] : [];

  op.parameters = (op.parameters as Json[] | undefined)?.map((p) =>
    p.in === 'header' && typeof p.name === 'string'
      ? { ...liftDescription(p), name: headerName(p.name) }
      : p,
  );

  // The generator labels every request body "Body"; the contract's description says what it is.
  const requestBody = op.requestBody as { content?: Record<string, { schema?: Json }> } | undefined;
  const bodyDescription = requestBody?.content?.['application/json']?.schema?.description;
  if (requestBody && typeof bodyDescription === 'string')
    op.requestBody = { ...requestBody, description: bodyDescription, required: true };

  if ('contentType' in route && route.contentType === 'multipart/form-data') {
    // The upload body is typed with c.type<>() (ts-rest does not validate multipart), so the
    // generator emits no schema for it.
    op.requestBody = {
      description: 'The A1 certificate of the branch and its password',
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['cnpj', 'password', 'file'],
            properties: {
              cnpj: {
                type: 'string',
                minLength: 14,
                maxLength: 14,
                description:
                  'CNPJ of the branch (emit/CNPJ of its NF-e); its first 8 characters must match the certificate',
              },
              password: {
                type: 'string',
                format: 'password',
                description: 'Password of the PKCS#12 file (stored encrypted, never returned)',
              },
              file: {
                type: 'string',
                format: 'binary',
                description: 'The A1 certificate (.pfx / .p12), at most 100 KiB',
              },
            },
          },
          encoding: { file: { contentType: 'application/x-pkcs12, application/octet-stream' } },
          examples: {
            'dev certificate': {
              summary: 'The file `pnpm admin dev-certificate --cnpj 11222333000181` wrote',
              value: {
                cnpj: examples.EXAMPLE_CNPJ,
                password: 'the password it printed',
                file: '(the bytes of emitente.pfx)',
              },
            },
          },
        },
      },
    };
  }

  const responses = { ...(op.responses as Record<string, Json>) };
  for (const [status, response] of Object.entries(responses)) {
    const headers: Json = { 'X-Request-Id': requestIdHeader };
    const declared = route.responses[Number(status)];
    if (isOtherResponse(declared)) {
      // c.otherResponse: the generator files it under application/json with an empty schema.
      // Binary bodies (the DANFE's PDF) are `format: binary`; XML and text stay plain strings.
      const binary = !/^text\/|[/+]xml$/.test(declared.contentType);
      const schema = binary ? { type: 'string', format: 'binary' } : { type: 'string' };
      const named = bodyExamples(declared.body);
      response.content = {
        [declared.contentType]: { schema, ...(named ? { examples: named } : {}) },
      };
      const description = (declared.body as { description?: unknown }).description;
      if (typeof description === 'string') response.description = description;
    }
    if (response.content === undefined && /^\d+$/.test(String(response.description))) {
      // c.noBody() (the 204 of a delete) has no schema to carry a description.
      response.description = 'Done; no body.';
    }
    if (status === '503' || status === '429') {
      headers['Retry-After'] = {
        description: 'Seconds to wait before retrying.',
        schema: { type: 'integer' },
      };
    }
    if (takesIdempotencyKey(route) && status === '200') {
      headers['Idempotent-Replayed'] = {
        description:
          '`true`: this Idempotency-Key was used before; the body is the record created then.',
        schema: { type: 'string', enum: ['true'] },
      };
    }
    responses[status] = { ...response, headers };
  }
  op.responses = responses;
  return op;
}

/** A header's description sits in its schema as generated; OpenAPI shows the parameter's. */
function liftDescription(parameter: Json): Json {
  const schema = parameter.schema as Json | undefined;
  if (parameter.description !== undefined || typeof schema?.description !== 'string')
    return parameter;
  const { description, ...rest } = schema;
  return { ...parameter, description, schema: rest };
}

/** POSTs that create once per Idempotency-Key (emissions, events, inutilizações). */
function takesIdempotencyKey(route: AppRoute): boolean {
  const headers = route.headers as { shape?: Record<string, unknown> } | undefined;
  return route.method === 'POST' && headers?.shape?.['idempotency-key'] !== undefined;
}

function isOtherResponse(value: unknown): value is { contentType: string; body: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'contentType' in value &&
    typeof value.contentType === 'string'
  );
}

/** The OpenAPI 3.0 document of the whole contract. Pure: call it once and cache the result. */
export function buildOpenApiDocument(version: string): Json {
  const document = generateOpenApi(
    contract,
    {
      info: {
        title: 'Emissor API',
        version,
        description:
          'Issues NF-e (model 55, layout 4.00): series, A1 certificates, emissions and stored documents. Errors other than 422 are `{"detail": {"code", "message"}}`; 422 is `{"detail": [{"loc", "msg", "type"}]}`.',
        license: { name: 'MIT' },
      },
      servers: [
        { url: '/', description: 'The API that serves this document' },
        { url: 'http://localhost:3000', description: '`npm start` on your machine' },
      ],
      tags: Object.entries(CONTRACT_TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          [API_KEY_SCHEME]: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Api-Key',
            description:
              "The product's key (`emk_<id>_<secret>`), created with `pnpm admin product create`.",
          },
        },
      },
    },
    {
      setOperationId: true,
      operationMapper: (operation, route) =>
        completeOperation(operation, route) as unknown as OperationObject,
    },
  ) as Json;
  return document;
}
