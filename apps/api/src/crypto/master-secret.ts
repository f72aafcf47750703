import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Env } from '../env.js';

/**
 * The master secret: EMISSOR_MASTER_KEY, or outside production a key generated once into the data
 * folder (with a warning), so a developer's first start needs no configuration.
 */
export function resolveMasterSecret(env: Env, warn: (message: string) => void): string {
  if (env.EMISSOR_MASTER_KEY) return env.EMISSOR_MASTER_KEY;
  const file = join(env.EMISSOR_DATA_DIR, 'master.key');
  if (!existsSync(file)) {
    mkdirSync(env.EMISSOR_DATA_DIR, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
    warn(
      `EMISSOR_MASTER_KEY is not set: generated one into ${file} (set it explicitly in production)`,
    );
  }
  return readFileSync(file, 'utf8').trim();
}
