import type { ApiFetcher, ApiFetcherArgs } from '@ts-rest/core';

/** The subset of `fetch` the client calls; any WHATWG-compatible implementation fits. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/**
 * A multipart body as the server expects it. ts-rest's own conversion JSON-stringifies every
 * non-File value (a password `s3cret` arrives as `"s3cret"` with quotes) and treats a plain Blob
 * the same way, so the form is rebuilt here: strings as they are, Blobs as file parts.
 */
function toFormData(raw: unknown): FormData {
  if (raw instanceof FormData) return raw;
  const form = new FormData();
  for (const [key, value] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : key);
    else form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return form;
}

/**
 * Reads a response body by its content type. Unlike ts-rest's default (which returns a Blob for
 * anything not JSON or text/*), XML comes back as a string, as the contract types it.
 */
async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 204) return undefined;
  if (/\bjson\b/.test(type)) return response.json();
  if (type.startsWith('text/') || /[/+]xml\b/.test(type)) return response.text();
  return response.blob();
}

/** ts-rest's fetcher contract over a caller-chosen `fetch`, with the two fixes above. */
export function createFetcher(fetchImpl: FetchLike): ApiFetcher {
  return async (args: ApiFetcherArgs) => {
    const body = args.contentType === 'multipart/form-data' ? toFormData(args.rawBody) : args.body;
    const response = await fetchImpl(args.path, {
      ...args.fetchOptions,
      method: args.method,
      headers: args.headers,
      body: body ?? null,
    });
    return { status: response.status, body: await readBody(response), headers: response.headers };
  };
}
