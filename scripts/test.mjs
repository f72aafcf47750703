// `npm test`: install, build, run every package's tests through turbo, then one closing line
// `N passed, N failed, N skipped` summed from each package's vitest JSON report.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { installAndBuild, pnpm, repoRoot } from './pnpm.mjs';

const packages = ['packages/contract', 'packages/client', 'packages/nfe-xml', 'packages/signer', 'apps/api'];
const extra = process.argv.slice(2);

installAndBuild();
for (const dir of packages) rmSync(join(repoRoot, dir, '.cache/vitest-report.json'), { force: true });

// One package at a time: the API suite starts PostgreSQL and real concurrent load; on two cores
// running suites side by side only makes their timings noisy.
const run = pnpm(['exec', 'turbo', 'run', 'test', '--concurrency=1', '--continue', ...extra], { allowFailure: true });

let passed = 0;
let failed = 0;
let skipped = 0;
for (const dir of packages) {
  const file = join(repoRoot, dir, '.cache/vitest-report.json');
  if (!existsSync(file)) {
    console.error(`${dir}: no test report (the suite crashed before reporting)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  // A suite that failed to load reports no failed test but is still a failure.
  failed += report.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || run.status !== 0 ? 1 : 0);
