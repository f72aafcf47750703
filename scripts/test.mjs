// `npm test`: install, build, the static checks (lint, typecheck of sources and tests, formatting),
// then every package's tests through turbo, and one closing line `N passed, N failed, N skipped`
// summed from each package's vitest JSON report. A failed check counts as one failure.
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

import { installAndBuild, pnpm, repoRoot } from './pnpm.mjs';
import { missingPrerequisites } from './test-prerequisites.mjs';

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

/**
 * The suites this run asks turbo for: every one, or with arguments for turbo (`--filter=…`) the
 * packages whose `test` task they select, as turbo's dry run names them. A suite left out on
 * purpose writes no report and is not a failure; one that was asked for and wrote none is.
 */
function selectedPackages(all, turboArgs) {
  if (turboArgs.length === 0) return all;
  const dry = pnpm(['exec', 'turbo', 'run', 'test', '--dry-run=json', ...turboArgs], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const tasks = JSON.parse(dry.stdout.toString()).tasks ?? [];
  const selected = new Set(
    tasks.filter((t) => t.task === 'test' && t.command !== '<NONEXISTENT>').map((t) => t.directory),
  );
  return all.filter((dir) => selected.has(dir));
}

const extra = process.argv.slice(2);

installAndBuild();
const packages = selectedPackages(vitestPackages(), extra);
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
/** `<package>: N (file N, …)` for every package that skipped tests. */
const skippedByPackage = [];
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
  const files = report.testResults
    .map((r) => [
      relative(join(repoRoot, dir), r.name),
      r.assertionResults.filter((a) => ['skipped', 'pending', 'todo'].includes(a.status)).length,
    ])
    .filter(([, n]) => n > 0);
  const total = files.reduce((sum, [, n]) => sum + n, 0);
  if (total > 0)
    skippedByPackage.push(`${dir}: ${total} (${files.map(([f, n]) => `${f} ${n}`).join(', ')})`);
  // A suite that failed to load reports no failed test but is still a failure.
  failed += report.testResults.filter(
    (r) => r.status === 'failed' && r.assertionResults.length === 0,
  ).length;
}
// What was skipped and why, last before the count: a run that skipped tests is not a complete one.
const missing = missingPrerequisites(repoRoot);
if (skipped > 0) {
  console.log(`skipped ${skipped} tests:`);
  for (const line of skippedByPackage) console.log(`  ${line}`);
}
if (missing.length > 0) {
  console.log(
    'missing for a complete run (README "What npm test needs"; .ci/run installs the tools):',
  );
  for (const p of missing) console.log(`  ${p.name}: needed for ${p.needed}; ${p.get}`);
} else if (skipped > 0) {
  console.log("every prerequisite is present: the skips above are the tests' own conditions");
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || run.status !== 0 ? 1 : 0);
