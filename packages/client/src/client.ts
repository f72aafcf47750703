import {
  contract,
  type CertificateUploadForm,
  type Contract,
  type TenantBranchQuery,
} from '@emissor/contract';
import { initClient, type ApiFetcher, type InitClientReturn } from '@ts-rest/core';

import { createFetcher, type FetchLike } from './fetcher.js';
import { sendWithKey, type WithKey } from './idempotent.js';
import type { Clock } from './clock.js';
import { sleep, type RetryOptions } from './retry.js';

export { EmitNetworkError } from './idempotent.js';

export interface EmissorClientOptions {
  /** Where the API is served, without `/v1` (e.g. `https://emissor.example.com`). */
  baseUrl: string;
  /** The product's key, sent as `X-Api-Key` on every request. */
  apiKey: string;
  /** A `fetch` to use instead of the global one (tests, proxies, instrumentation). */
  fetch?: FetchLike;
  /** How {@link EmissorClient.emit} retries network errors and 503s (default: 3 retries). */
  retry?: RetryOptions;
  /**
   * The time the client reads and waits on (default: the system's): `now` dates `Retry-After` and
   * `waitUntilFinal`'s deadline, `sleep` waits between attempts. Tests pass one that records.
   */
  clock?: Clock;
}

export type { Clock } from './clock.js';

const SYSTEM_CLOCK: Clock = { now: () => Date.now(), sleep };

/** Options of one {@link EmissorClient.emit} call. */
export interface EmitOptions {
  /**
   * The emission's `Idempotency-Key`. Default: a new random UUID. Pass your own (e.g. derived from
   * your order id) to make retries across process restarts safe too.
   */
  idempotencyKey?: string;
  /** Retries for this call, overriding the client's `retry.maxRetries`. */
  retries?: number;
  /**
   * Seconds (1–60) the server may hold the answer until the document is final (`autorizada`,
   * `rejeitada`, `denegada`): sent as `Prefer: wait=N`. Retries keep the same key, so a retried
   * wait still returns the one document.
   */
  wait?: number;
}

/** Statuses after which a document no longer changes by itself (docs/api-rules.md, "Document status"). */
const FINAL_STATUSES = new Set(['assinada', 'autorizada', 'denegada', 'rejeitada', 'cancelada']);

/** Thrown by `documents.waitUntilFinal` when the document is still `processando` at the deadline. */
export class DocumentNotFinalError extends Error {
  override name = 'DocumentNotFinalError';
  constructor(readonly documentId: string) {
    super(`Document ${documentId} is still processando`);
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
export type EmitResult = WithKey<Awaited<ReturnType<EmitRoute>>>;

/** The response to a cancellation, with its key and attempts. */
export type EventResult = WithKey<Awaited<ReturnType<EmissorRoutes['events']['cancelDocument']>>>;

/** The response to a carta de correção (its 409 codes are its own), with its key and attempts. */
export type CorrectionResult = WithKey<
  Awaited<ReturnType<EmissorRoutes['events']['correctDocument']>>
>;

/** The JSON body of an inutilização (POST /v1/inutilizacoes). */
export type VoidBody = Parameters<EmissorRoutes['voids']['createInutilizacao']>[0]['body'];

/** The response to an inutilização, with its key and attempts. */
export type VoidResult = WithKey<Awaited<ReturnType<EmissorRoutes['voids']['createInutilizacao']>>>;

type DocumentRoutes = EmissorRoutes['documents'];
type DocumentRead = Extract<
  Awaited<ReturnType<DocumentRoutes['getDocument']>>,
  { status: 200 }
>['body'];

export type EmissorClient = Omit<EmissorRoutes, 'documents'> & {
  documents: DocumentRoutes & {
    /**
     * Reads the document until it leaves `processando`, each read held by the server for up to
     * 60 s (`Prefer: wait`), so there is no polling loop on either side. Resolves with the final
     * record; throws {@link DocumentNotFinalError} after `timeoutMs` (default 5 minutes), and
     * an Error for a status other than 200 (e.g. 404).
     */
    waitUntilFinal(documentId: string, options?: { timeoutMs?: number }): Promise<DocumentRead>;
  };
  /** Uploads a certificate from bytes or a Blob, as a real multipart form. */
  uploadCertificate(args: UploadCertificateArgs): UploadCertificateResult;
  /**
   * Issues an NF-e, safely retried: every attempt carries the same `Idempotency-Key`, so a
   * response lost on the way back can never produce a second invoice (the retry gets the first
   * document, status 200). Retries network errors, 503 and 429 (waiting `Retry-After` when given,
   * otherwise a bounded exponential backoff); every other status is returned at once.
   */
  emit(body: EmitBody, options?: EmitOptions): Promise<EmitResult>;
  /**
   * Cancels an authorised document (event 110111), retried like {@link emit} under one
   * Idempotency-Key. `wait` holds the answer until the event is `registrado` or `rejeitado`.
   */
  cancel(documentId: string, justificativa: string, options?: EmitOptions): Promise<EventResult>;
  /** Sends a carta de correção (event 110110; it replaces the previous ones), retried like {@link emit}. */
  correct(documentId: string, correcao: string, options?: EmitOptions): Promise<CorrectionResult>;
  /** Voids a range of a series' unused numbers at SEFAZ (inutilização), retried like {@link emit}. */
  voidNumbers(body: VoidBody, options?: EmitOptions): Promise<VoidResult>;
};

/** The headers of a POST with an Idempotency-Key and, optionally, `Prefer: wait=N`. */
function keyHeaders(idempotencyKey: string, wait: number | undefined) {
  return {
    'idempotency-key': idempotencyKey,
    ...(wait !== undefined && { prefer: `wait=${wait}` }),
  };
}

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
  const clock = options.clock ?? SYSTEM_CLOCK;
  const routes = initClient(contract, {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    baseHeaders: { 'x-api-key': options.apiKey },
    throwOnUnknownStatus: true,
    api: createFetcher(fetchImpl),
  });
  return {
    ...routes,
    documents: {
      ...routes.documents,
      async waitUntilFinal(documentId, { timeoutMs = 5 * 60_000 } = {}) {
        const deadline = clock.now() + timeoutMs;
        for (;;) {
          const left = Math.ceil((deadline - clock.now()) / 1000);
          const res = await routes.documents.getDocument({
            params: { document_id: documentId },
            headers: left >= 1 ? { prefer: `wait=${Math.min(60, left)}` } : {},
          });
          if (res.status !== 200)
            throw new Error(`reading document ${documentId} answered ${res.status}`);
          if (FINAL_STATUSES.has(res.body.status)) return res.body;
          if (clock.now() >= deadline) throw new DocumentNotFinalError(documentId);
        }
      },
    },
    uploadCertificate({ query, cnpj, password, file, filename = 'certificate.pfx' }) {
      const blob = file instanceof Blob ? file : new Blob([file], { type: 'application/x-pkcs12' });
      const body: CertificateUploadForm = {
        cnpj,
        password,
        file: new File([blob], filename, { type: blob.type }),
      };
      return routes.certificates.uploadCertificate({ query, body });
    },
    emit(body, { idempotencyKey = globalThis.crypto.randomUUID(), retries, wait } = {}) {
      return sendWithKey(
        (key) => routes.emissions.emit({ headers: keyHeaders(key, wait), body }),
        idempotencyKey,
        options.retry,
        retries,
        clock,
      );
    },
    cancel(
      documentId,
      justificativa,
      { idempotencyKey = globalThis.crypto.randomUUID(), retries, wait } = {},
    ) {
      return sendWithKey(
        (key) =>
          routes.events.cancelDocument({
            headers: keyHeaders(key, wait),
            params: { document_id: documentId },
            body: { justificativa },
          }),
        idempotencyKey,
        options.retry,
        retries,
        clock,
      );
    },
    correct(
      documentId,
      correcao,
      { idempotencyKey = globalThis.crypto.randomUUID(), retries, wait } = {},
    ) {
      return sendWithKey(
        (key) =>
          routes.events.correctDocument({
            headers: keyHeaders(key, wait),
            params: { document_id: documentId },
            body: { correcao },
          }),
        idempotencyKey,
        options.retry,
        retries,
        clock,
      );
    },
    voidNumbers(body, { idempotencyKey = globalThis.crypto.randomUUID(), retries, wait } = {}) {
      return sendWithKey(
        (key) => routes.voids.createInutilizacao({ headers: keyHeaders(key, wait), body }),
        idempotencyKey,
        options.retry,
        retries,
        clock,
      );
    },
  };
}
