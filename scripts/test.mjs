// `npm test`: install, build, the static checks (lint, typecheck of sources and tests, formatting),
// then every package's tests through turbo, and one closing line `N passed, N failed, N skipped`
// summed from each package's vitest JSON report. A failed check counts as one failure.
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { installAndBuild, pnpm, repoRoot } from './pnpm.mjs';

/** Workspace folders whose `test` script runs vitest (each writes .cache/vitest-report.json). */
function vitestPackages() {
  const dirs = [];
  for (const group of ['apps', 'packages', 'tooling']) {
    for (const name of readdirSync(join(repoRoot, group))) {
      const manifest = join(repoRoot, group, name, 'package.json');
      if (!existsSync(manifest)) continue;
      const { scripts = {} } = JSON.parse(readFileSync(manifest, 'utf8'));
      if (/\bvitest run\b/.test(scripts.test ?? '')) dirs.push(`${group}/${name}`);
    }
  }
  return dirs;
}

const packages = vitestPackages();
const extra = process.argv.slice(2);

installAndBuild();
for (const dir of packages)
  rmSync(join(repoRoot, dir, '.cache/vitest-report.json'), { force: true });

// The conventions CI holds, before the slow part so a style slip fails in a minute, not ten.
const checks = [
  ['lint', ['exec', 'turbo', 'run', 'lint', '--output-logs=errors-only', '--continue']],
  ['typecheck', ['exec', 'turbo', 'run', 'typecheck', '--output-logs=errors-only', '--continue']],
  ['format', ['exec', 'prettier', '--check', '--log-level=warn', '.']],
];
const failedChecks = checks
  .filter(([, args]) => pnpm(args, { allowFailure: true }).status !== 0)
  .map(([name]) => name);
console.log(
  failedChecks.length
    ? `checks failed: ${failedChecks.join(', ')}`
    : 'checks: lint, typecheck, format ok',
);

// One package at a time: the API suite starts PostgreSQL and real concurrent load; on two cores
// running suites side by side only makes their timings noisy.
const run = pnpm(['exec', 'turbo', 'run', 'test', '--concurrency=1', '--continue', ...extra], {
  allowFailure: true,
});

let passed = checks.length - failedChecks.length;
let failed = failedChecks.length;
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
  failed += report.testResults.filter(
    (r) => r.status === 'failed' && r.assertionResults.length === 0,
  ).length;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || run.status !== 0 ? 1 : 0);
