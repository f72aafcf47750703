import { availableParallelism } from 'node:os';
import { join } from 'node:path';

import express from 'express';
import { z } from 'zod';

import { repoRoot } from './paths.js';
import { responsavelTecnicoFromEnv, type RespTecVariable } from './responsavel-tecnico-env.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((v) => v === 'true' || v === '1');
const booleanFlagOn = z
  .enum(['true', 'false', '1', '0'])
  .default('true')
  .transform((v) => v === 'true' || v === '1');

/**
 * Express's `trust proxy` setting, from its text: `true`/`false`, a hop count, or a comma-separated
 * list of addresses, subnets and the names `loopback`, `linklocal`, `uniquelocal`. Unset is `false`:
 * the client is the socket's address and X-Forwarded-For is ignored.
 */
export type TrustProxy = boolean | number | string;

const TrustProxySchema = z
  .string()
  .optional()
  .transform((text, ctx): TrustProxy => {
    const value = text?.trim() ?? 'false';
    if (value === 'true' || value === 'false') return value === 'true';
    if (/^\d+$/.test(value)) return Number(value);
    try {
      // Express compiles the list when it is set and throws on an address it cannot read.
      express().set('trust proxy', value);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be true, false, a hop count, or addresses/subnets/loopback/linklocal/uniquelocal separated by commas',
      });
      return z.NEVER;
    }
    return value;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  EMISSOR_DATA_DIR: z.string().min(1).default(join(repoRoot, '.data')),
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(54320),
  EMISSOR_MASTER_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** During a master-key rotation: the old secret, so rows not yet re-encrypted still open. */
  EMISSOR_MASTER_KEY_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  API_KEY_CACHE_TTL_MS: z.coerce.number().int().min(0).default(10_000),
  /** Which proxies' X-Forwarded-For names the client (the failed-authentication limiter counts by it). */
  TRUST_PROXY: TrustProxySchema,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_ENABLED: booleanFlag,
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Threads per API process that sign and verify documents, so one process uses a second core
   * while its event loop serves HTTP; 0 signs on the event loop.
   */
  SIGNING_THREADS: z.coerce.number().int().min(0).max(64).default(1),
  /** HTTP worker processes sharing the port; `auto` = one per core. */
  API_WORKERS: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)])
    .default(1)
    .transform((v) => (v === 'auto' ? availableParallelism() : v)),
  /**
   * Where documents are transmitted (docs/api-rules.md "Transmission to SEFAZ"): the local SEFAZ started
   * in-process, the official authorisers, or nowhere (documents stay `assinada`). No default in
   * production: loadEnv demands the choice there.
   */
  SEFAZ: z.enum(['simulator', 'official', 'off']).optional(),
  /** Replaces every endpoint: service S of any UF is POSTed to `${SEFAZ_URL}/${S}`. */
  SEFAZ_URL: z.string().url().optional(),
  /** A PEM bundle of extra CAs trusted for the SEFAZ servers (verification is never turned off). */
  SEFAZ_CA_FILE: z.string().min(1).optional(),
  /** Longest wait for one SEFAZ answer; a claimed document's lease is twice this plus 10 s. */
  SEFAZ_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** Exchanges with SEFAZ one API process keeps in flight. */
  SEFAZ_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /**
   * Mean answer time (ms) of this process's requests at which they count as queueing: transmission
   * then keeps only SEFAZ_CONCURRENCY_WHILE_SATURATED exchanges in flight, so emissions are
   * answered first and the documents wait in the queue. 0 turns yielding off.
   */
  SEFAZ_YIELD_ABOVE_MS: z.coerce.number().int().min(0).max(60_000).default(50),
  /** Exchanges in flight while the process's requests queue (see SEFAZ_YIELD_ABOVE_MS). */
  SEFAZ_CONCURRENCY_WHILE_SATURATED: z.coerce.number().int().min(1).max(256).default(1),
  /**
   * Documents never sent are claimed at most once per this interval, so that a stream of
   * emissions leaves in lots; the first after a quiet spell goes at once. 0: as soon as queued.
   */
  SEFAZ_GATHER_MS: z.coerce.number().int().min(0).max(5_000).default(250),
  /** First back-off of a retried exchange (108/109, network, 5xx); doubles per attempt, with jitter. */
  SEFAZ_RETRY_BASE_MS: z.coerce.number().int().min(1).max(600_000).default(2_000),
  /** How often an idle process looks for work other processes queued. */
  SEFAZ_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  /** Void the number of every `rejeitada` document at SEFAZ (an inutilização with origem rejeicao). */
  SEFAZ_VOID_REJECTED: booleanFlagOn,
  /**
   * Send cancellations of NF-e authorised more than 24 h ago instead of refusing them with 409
   * `cancellation_deadline_passed`: for UFs that accept late ones (cStat 155, sefaz.md §4.2).
   */
  SEFAZ_SEND_LATE_CANCELLATIONS: booleanFlag,
  /**
   * SVC contingency (docs/contingency.md): `auto` switches a UF to its SVC when its authoriser
   * stops (108/109) or gives no answer for SEFAZ_CONTINGENCY_AFTER_S while NF-e wait, and the SVC
   * says it is on for the UF; `off` keeps documents waiting for the authoriser.
   */
  SEFAZ_CONTINGENCY: z.enum(['auto', 'off']).default('auto'),
  /** Seconds without an answer from an authoriser, while NF-e wait, before its SVC is asked. */
  SEFAZ_CONTINGENCY_AFTER_S: z.coerce.number().int().min(1).max(3_600).default(60),
  /** Replaces every SVC endpoint like SEFAZ_URL: service S goes to `${SEFAZ_SVC_URL}/${S}`. */
  SEFAZ_SVC_URL: z.string().url().optional(),
  /**
   * The responsável técnico (NT 2018.005): the software house running this deployment. Set, every
   * NF-e carries infRespTec (required in AM, MS, PE, PR, SC, TO and others). CNPJ, contact, e-mail
   * and phone go together; where the UF issued a CSRT, its id and the CSRT itself (a secret: only
   * its hash with each chave is written).
   */
  /**
   * Let webhooks reach loopback, private, link-local and CGNAT addresses in production (refused
   * there otherwise, at creation and at each delivery: docs/webhooks.md "Security").
   */
  WEBHOOK_ALLOW_PRIVATE: booleanFlag,
  RESP_TEC_CNPJ: z.string().optional(),
  RESP_TEC_CONTATO: z.string().optional(),
  RESP_TEC_EMAIL: z.string().optional(),
  RESP_TEC_FONE: z.string().optional(),
  RESP_TEC_CSRT_ID: z.string().optional(),
  RESP_TEC_CSRT: z.string().optional(),
});

export type Env = Omit<z.infer<typeof EnvSchema>, 'SEFAZ' | RespTecVariable> & {
  SEFAZ: 'simulator' | 'official' | 'off';
  /** infRespTec of every NF-e, from RESP_TEC_* (the CSRT stays inside it, never in `Env`). */
  RESPONSAVEL_TECNICO: ReturnType<typeof responsavelTecnicoFromEnv>['value'];
};

/** Thrown with every problem found, so an operator fixes the configuration in one go. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Reads and validates the configuration once. Values are never echoed back in errors: a
 * misconfigured EMISSOR_MASTER_KEY must not end up in a log.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable (common in compose files and CI) means "not set".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production') {
    const missing: string[] = [];
    if (!env.EMISSOR_MASTER_KEY)
      missing.push('  EMISSOR_MASTER_KEY: required when NODE_ENV=production');
    // The embedded database keeps invoices on the container's own disk, gone with the container.
    if (!env.DATABASE_URL)
      missing.push(
        "  DATABASE_URL: required when NODE_ENV=production (the embedded PostgreSQL is for development only: it would keep invoices on this machine's disk)",
      );
    if (missing.length > 0) throw new EnvError(`Invalid configuration:\n${missing.join('\n')}`);
  }
  const sefaz = env.SEFAZ ?? (env.NODE_ENV === 'production' ? undefined : 'simulator');
  if (env.NODE_ENV === 'production' && sefaz !== 'official' && sefaz !== 'off') {
    throw new EnvError(
      'Invalid configuration:\n  SEFAZ: must be set to official or off when NODE_ENV=production (simulator is for development)',
    );
  }
  const {
    RESP_TEC_CNPJ,
    RESP_TEC_CONTATO,
    RESP_TEC_EMAIL,
    RESP_TEC_FONE,
    RESP_TEC_CSRT_ID,
    RESP_TEC_CSRT,
    ...rest
  } = env;
  const respTec = responsavelTecnicoFromEnv({
    RESP_TEC_CNPJ,
    RESP_TEC_CONTATO,
    RESP_TEC_EMAIL,
    RESP_TEC_FONE,
    RESP_TEC_CSRT_ID,
    RESP_TEC_CSRT,
  });
  if (respTec.problems.length > 0)
    throw new EnvError(`Invalid configuration:\n${respTec.problems.join('\n')}`);
  return Object.freeze({ ...rest, SEFAZ: sefaz ?? 'off', RESPONSAVEL_TECNICO: respTec.value });
}
