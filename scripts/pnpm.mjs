// Runs the pinned pnpm whether or not it is installed globally: on a machine with only Node.js
// and npm, npx fetches it from the registry once and caches it.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

const pinned = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).packageManager;

/** The command line that starts the pinned pnpm. */
export function pnpmCommand() {
  const execPath = process.env.npm_execpath ?? '';
  if (/pnpm/.test(execPath) && execPath.endsWith('.cjs')) return [process.execPath, execPath];
  return ['npx', '--yes', pinned];
}

/**
 * Runs pnpm with `args` from the repo root; exits the process when it fails unless `allowFailure`.
 * turbo needs pnpm on its PATH to run package scripts, so run it through `pnpm exec turbo`.
 */
export function pnpm(args, { stdio = 'inherit', allowFailure = false } = {}) {
  const [cmd, ...pre] = pnpmCommand();
  const result = spawnSync(cmd, [...pre, ...args], { cwd: repoRoot, stdio, env: pnpmEnv() });
  if (result.status !== 0 && !allowFailure) process.exit(result.status ?? 1);
  return result;
}

/** The environment pnpm and turbo run in. */
export function pnpmEnv() {
  return { ...process.env, TURBO_TELEMETRY_DISABLED: '1', COREPACK_INTEGRITY_KEYS: '0' };
}

/** Installs dependencies and builds `filter` (every package by default) with what it depends on. */
export function installAndBuild({ filter } = {}) {
  pnpm(['install', '--frozen-lockfile', '--reporter=append-only']);
  const only = filter ? [`--filter=${filter}...`] : [];
  pnpm(['exec', 'turbo', 'run', 'build', '--output-logs=errors-only', ...only]);
}
