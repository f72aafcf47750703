// `npm run test:chaos`: the heavy reliability runs of the API (SIGKILL under load, database outage,
// the larger fuzzer), after the same install and build as `npm test`. Ends with one line
// `N passed, N failed` from vitest's JSON report, like the main run.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

import { installAndBuild, repoRoot } from './pnpm.mjs';

const api = join(repoRoot, 'apps/api');
const report = join(api, '.cache/vitest-chaos-report.json');

installAndBuild();
rmSync(report, { force: true });
const run = spawnSync(
  join(repoRoot, 'node_modules/.bin/vitest'),
  [
    'run',
    '-c',
    'vitest.chaos.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { cwd: api, stdio: 'inherit' },
);

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed = r.numPassedTests;
  failed =
    r.numFailedTests +
    r.testResults.filter((t) => t.status === 'failed' && t.assertionResults.length === 0).length;
} else {
  console.error('apps/api: no chaos report (the run crashed before reporting)');
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || run.status !== 0 ? 1 : 0);
