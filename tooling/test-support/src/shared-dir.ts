import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: test-support lives at tooling/test-support/{src,dist}. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

let warned = false;

/**
 * The folder with the official schemas, samples and test certificates (`../shared` beside the
 * repository unless `EMISSOR_SHARED_DIR` says otherwise). Returns `undefined` when it is absent so
 * that a fresh clone elsewhere still passes, but with `CI=true` a missing folder is an error: CI
 * must always check against the real material.
 */
export function sharedDir(): string | undefined {
  const dir = resolve(repoRoot, process.env.EMISSOR_SHARED_DIR ?? '../shared');
  if (existsSync(join(dir, 'nfe-schemas'))) return dir;
  if (process.env.CI === 'true') {
    throw new Error(
      `CI=true but the shared test material is missing at ${dir} (set EMISSOR_SHARED_DIR)`,
    );
  }
  if (!warned) {
    warned = true;
    console.warn(
      `[emissor] ${dir} not found: tests that need the shared schemas, samples and certificates are skipped`,
    );
  }
  return undefined;
}

/** A path inside the shared folder; throws when the folder is absent (guard with `sharedDir()`). */
export function sharedPath(...parts: string[]): string {
  const dir = sharedDir();
  if (!dir) throw new Error('shared test material is not available');
  return join(dir, ...parts);
}
