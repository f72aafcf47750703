// `npm run test:system`: the product as operators and users run it (`npm start` on its embedded
// PostgreSQL, the Docker files, the packed SDK, the admin CLI, the README's examples, the /docs page
// in a browser, the fuzzer), then the heavy reliability runs (SIGKILL under load, database outage,
// the larger fuzzer). After the same install and build as `npm test`; ends with the same line
// `N passed, N failed, N skipped`. `npm run test:chaos` runs the second part alone; arguments
// after the part's name go to vitest (e.g. a file name).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { installAndBuild, repoRoot } from './pnpm.mjs';
import { missingPrerequisites } from './test-prerequisites.mjs';
import { createTally } from './vitest-reports.mjs';

const api = join(repoRoot, 'apps/api');
const parts = {
  system: { config: 'vitest.system.config.ts', report: '.cache/vitest-system-report.json' },
  chaos: { config: 'vitest.chaos.config.ts', report: '.cache/vitest-chaos-report.json' },
};

const [first, ...rest] = process.argv.slice(2);
const chosen = first in parts ? [first] : Object.keys(parts);
const vitestArgs = first in parts ? rest : process.argv.slice(2);

installAndBuild();
const tally = createTally();
let runFailed = false;
for (const name of chosen) {
  const { config, report } = parts[name];
  rmSync(join(api, report), { force: true });
  const run = spawnSync(
    join(repoRoot, 'node_modules/.bin/vitest'),
    [
      'run',
      '-c',
      config,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...vitestArgs,
    ],
    { cwd: api, stdio: 'inherit' },
  );
  if (run.status !== 0) runFailed = true;
  tally.addReport(`apps/api (${name})`, join(api, report), run.status ?? 1);
}
tally.print(missingPrerequisites(repoRoot, 'system'));
process.exit(tally.failed > 0 || runFailed ? 1 : 0);
