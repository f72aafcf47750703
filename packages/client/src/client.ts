import {
  contract,
  type CertificateUploadForm,
  type Contract,
  type TenantBranchQuery,
} from '@emissor/contract';
import { initClient, type ApiFetcher, type InitClientReturn } from '@ts-rest/core';

import { createFetcher, type FetchLike } from './fetcher.js';
import {
  backoffDelay,
  isNetworkError,
  parseRetryAfter,
  RETRY_DEFAULTS,
  sleep,
  type RetryOptions,
} from './retry.js';

export interface EmissorClientOptions {
  /** Where the API is served, without `/v1` (e.g. `https://emissor.example.com`). */
  baseUrl: string;
  /** The product's key, sent as `X-Api-Key` on every request. */
  apiKey: string;
  /** A `fetch` to use instead of the global one (tests, proxies, instrumentation). */
  fetch?: FetchLike;
  /** How {@link EmissorClient.emit} retries network errors and 503s (default: 3 retries). */
  retry?: RetryOptions;
}

/** Options of one {@link EmissorClient.emit} call. */
export interface EmitOptions {
  /**
   * The emission's `Idempotency-Key`. Default: a new random UUID. Pass your own (e.g. derived from
   * your order id) to make retries across process restarts safe too.
   */
  idempotencyKey?: string;
  /** Retries for this call, overriding the client's `retry.maxRetries`. */
  retries?: number;
}

/** Answers that mean "not processed, try again later": the database is down, or rate limited. */
const RETRYABLE_STATUSES = new Set([429, 503]);

/** Thrown by {@link EmissorClient.emit} when every attempt failed at the network level. */
export class EmitNetworkError extends Error {
  override name = 'EmitNetworkError';
  constructor(
    /** Retry later with this key: if an attempt did reach the server, you get that document back. */
    readonly idempotencyKey: string,
    readonly attempts: number,
    options: { cause: unknown },
  ) {
    super(
      `Emission failed after ${attempts} attempt(s) (Idempotency-Key ${idempotencyKey})`,
      options,
    );
  }
}

/** Arguments of {@link EmissorClient.uploadCertificate}. */
export interface UploadCertificateArgs {
  query: TenantBranchQuery;
  cnpj: string;
  password: string;
  /** The `.pfx` (PKCS#12) file. */
  file: Uint8Array | Blob;
  /** The file name sent in the form; defaults to `certificate.pfx`. */
  filename?: string;
}

interface ClientArgs {
  baseUrl: string;
  baseHeaders: Record<string, string>;
  throwOnUnknownStatus: true;
  api: ApiFetcher;
}

/** One function per contract route, grouped as the contract is (`client.series.listSeries`). */
export type EmissorRoutes = InitClientReturn<Contract, ClientArgs>;

type UploadCertificateResult = ReturnType<EmissorRoutes['certificates']['uploadCertificate']>;
type EmitRoute = EmissorRoutes['emissions']['emit'];

/** The JSON body of an emission (EmissaoRequest; decimals as numbers or strings). */
export type EmitBody = Parameters<EmitRoute>[0]['body'];

/** The emission's response, with the key it was sent with and how many attempts it took. */
export type EmitResult = Awaited<ReturnType<EmitRoute>> & {
  idempotencyKey: string;
  attempts: number;
};

export type EmissorClient = EmissorRoutes & {
  /** Uploads a certificate from bytes or a Blob, as a real multipart form. */
  uploadCertificate(args: UploadCertificateArgs): UploadCertificateResult;
  /**
   * Issues an NF-e, safely retried: every attempt carries the same `Idempotency-Key`, so a
   * response lost on the way back can never produce a second invoice (the retry gets the first
   * document, status 200). Retries network errors, 503 and 429 (waiting `Retry-After` when given,
   * otherwise a bounded exponential backoff); every other status is returned at once.
   */
  emit(body: EmitBody, options?: EmitOptions): Promise<EmitResult>;
};

/**
 * A typed client for the Emissor API. Every call resolves to `{ status, body, headers }` for each
 * status the contract declares (4xx and 5xx included, narrowed by `status`); a status the
 * contract does not declare throws ts-rest's `UnknownStatusError`, as do network failures.
 *
 * @example
 * ```ts
 * const emissor = createEmissorClient({ baseUrl: 'http://localhost:3000', apiKey: process.env.EMISSOR_API_KEY! });
 * const res = await emissor.emissions.emit({
 *   headers: { 'idempotency-key': crypto.randomUUID() },
 *   body: request,
 * });
 * if (res.status === 201 || res.status === 200) console.log(res.body.chave_acesso);
 * else if (res.status === 422) console.error(res.body.detail);
 * else console.error(res.body.detail.code);
 * ```
 */
export function createEmissorClient(options: EmissorClientOptions): EmissorClient {
  // Read the global at call time, so a fetch patched after import (mocks, tracing) is used.
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const routes = initClient(contract, {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    baseHeaders: { 'x-api-key': options.apiKey },
    throwOnUnknownStatus: true,
    api: createFetcher(fetchImpl),
  });
  return {
    ...routes,
    uploadCertificate({ query, cnpj, password, file, filename = 'certificate.pfx' }) {
      const blob = file instanceof Blob ? file : new Blob([file], { type: 'application/x-pkcs12' });
      const body: CertificateUploadForm = {
        cnpj,
        password,
        file: new File([blob], filename, { type: blob.type }),
      };
      return routes.certificates.uploadCertificate({ query, body });
    },
    async emit(body, { idempotencyKey = globalThis.crypto.randomUUID(), retries } = {}) {
      const retry = { ...RETRY_DEFAULTS, ...options.retry };
      const maxRetries = retries ?? retry.maxRetries;
      for (let attempt = 0; ; attempt++) {
        let res;
        try {
          res = await routes.emissions.emit({
            headers: { 'idempotency-key': idempotencyKey },
            body,
          });
        } catch (error) {
          if (!isNetworkError(error)) throw error;
          if (attempt >= maxRetries)
            throw new EmitNetworkError(idempotencyKey, attempt + 1, { cause: error });
          await sleep(backoffDelay(attempt, retry));
          continue;
        }
        const done = { ...res, idempotencyKey, attempts: attempt + 1 };
        if (!RETRYABLE_STATUSES.has(res.status) || attempt >= maxRetries) return done;
        const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
        if (retryAfter !== undefined && retryAfter > retry.maxRetryAfterMs) return done;
        await sleep(retryAfter ?? backoffDelay(attempt, retry));
      }
    },
  };
}
