import { availableParallelism } from 'node:os';
import { join } from 'node:path';

import { z } from 'zod';

import { repoRoot } from './paths.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

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
});

export type Env = z.infer<typeof EnvSchema>;

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
  return Object.freeze(env);
}
