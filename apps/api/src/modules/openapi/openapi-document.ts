import { contract } from '@emissor/contract';
import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { generateOpenApi } from '@ts-rest/open-api';

type Json = Record<string, unknown>;
/** openapi3-ts's type, reached through the generator (it is not a direct dependency). */
type OperationMapper = NonNullable<
  NonNullable<Parameters<typeof generateOpenApi>[2]>['operationMapper']
>;
type OperationObject = ReturnType<OperationMapper>;

/** The name of the security scheme every `metadata.auth: 'api-key'` route requires. */
export const API_KEY_SCHEME = 'ApiKeyAuth';

/** Every contract route with its key path (`emissions.emit`), for tests and metrics. */
export function contractRoutes(
  router: AppRouter = contract,
  prefix: string[] = [],
): { id: string; route: AppRoute }[] {
  return Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value)
      ? [{ id: [...prefix, key].join('.'), route: value }]
      : contractRoutes(value, [...prefix, key]),
  );
}

const requestIdHeader = {
  description:
    'The id of this request (the one sent by the caller, or a new one); also in logs and 500 messages.',
  schema: { type: 'string' },
};

/** One OpenAPI header parameter name per contract header key (Express sees them lower-cased). */
const HEADER_NAMES: Record<string, string> = { 'idempotency-key': 'Idempotency-Key' };

/**
 * What ts-rest's generator does not know (it only sees zod schemas and the JSON content type):
 * security, multipart and XML bodies, and the headers the server adds.
 */
function completeOperation(operation: Json, route: AppRoute): Json {
  const op: Json = { ...operation };
  const metadata = route.metadata as { auth?: string } | undefined;
  op.security = metadata?.auth === 'api-key' ? [{ [API_KEY_SCHEME]: [] }] : [];

  op.parameters = (op.parameters as Json[] | undefined)?.map((p) =>
    p.in === 'header' && typeof p.name === 'string' && HEADER_NAMES[p.name]
      ? {
          ...p,
          name: HEADER_NAMES[p.name],
          description:
            'Any string of 1 to 255 characters (a UUID is a good choice). Repeating a key with the same request returns the record created with it (200, Idempotent-Replayed: true) instead of a new one, so a retry never creates twice; other data under a used key is a 422.',
        }
      : p,
  );

  if ('contentType' in route && route.contentType === 'multipart/form-data') {
    // The upload body is typed with c.type<>() (ts-rest does not validate multipart), so the
    // generator emits no schema for it.
    op.requestBody = {
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
                description: 'CNPJ of the branch (its root must match the certificate)',
              },
              password: {
                type: 'string',
                format: 'password',
                description: 'Password of the PKCS#12 file',
              },
              file: {
                type: 'string',
                format: 'binary',
                description: 'The A1 certificate (.pfx / .p12), at most 100 KiB',
              },
            },
          },
          encoding: { file: { contentType: 'application/x-pkcs12, application/octet-stream' } },
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
      response.content = { [declared.contentType]: { schema } };
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

/** POSTs that create once per Idempotency-Key (emissions, events, inutilizações). */
function takesIdempotencyKey(route: AppRoute): boolean {
  const headers = route.headers as { shape?: Record<string, unknown> } | undefined;
  return route.method === 'POST' && headers?.shape?.['idempotency-key'] !== undefined;
}

function isOtherResponse(value: unknown): value is { contentType: string } {
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
