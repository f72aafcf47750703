#!/usr/bin/env node
// `pnpm admin …` runs this bin (pnpm runs a workspace binary for an unknown command without printing
// a script banner, so stdout carries only the command's answer, e.g. exactly one JSON object).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/admin/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  // First use on a fresh clone: build the API (and what it depends on), reporting on stderr.
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const build = spawnSync(
    'node_modules/.bin/turbo',
    ['run', 'build', '--filter=@emissor/api...', '--output-logs=errors-only'],
    {
      cwd: root,
      stdio: ['ignore', 2, 2],
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(cli.href);
