import {
  contract,
  type CertificateUploadForm,
  type Contract,
  type TenantBranchQuery,
} from '@emissor/contract';
import { initClient, type ApiFetcher, type InitClientReturn } from '@ts-rest/core';

import { createFetcher, type FetchLike } from './fetcher.js';

export interface EmissorClientOptions {
  /** Where the API is served, without `/v1` (e.g. `https://emissor.example.com`). */
  baseUrl: string;
  /** The product's key, sent as `X-Api-Key` on every request. */
  apiKey: string;
  /** A `fetch` to use instead of the global one (tests, proxies, instrumentation). */
  fetch?: FetchLike;
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

export type EmissorClient = EmissorRoutes & {
  /** Uploads a certificate from bytes or a Blob, as a real multipart form. */
  uploadCertificate(args: UploadCertificateArgs): UploadCertificateResult;
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
  };
}
