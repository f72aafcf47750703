// `pnpm admin …`: the operator CLI. Builds first when needed; build output goes to stderr so that
// stdout carries only the command's own answer (e.g. the JSON of `product create --json`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { installAndBuild, repoRoot } from './pnpm.mjs';

const cli = join(repoRoot, 'apps/api/dist/admin/cli.js');
if (!existsSync(cli)) installAndBuild({ quiet: true });
const result = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
