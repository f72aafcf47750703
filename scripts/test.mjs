// `npm test`: install, build, then at once the static checks (lint, typecheck of sources and tests,
// formatting) and every package's unit and integration tests through turbo, and one closing line
// `N passed, N failed, N skipped` summed from each package's vitest JSON report. A failed check
// counts as one failure. The product as operators run it, and the heavy runs, are
// `npm run test:system` (scripts/test-system.mjs).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { installAndBuild, pnpm, pnpmCommand, pnpmEnv, repoRoot } from './pnpm.mjs';
import { missingPrerequisites } from './test-prerequisites.mjs';
import { createTally } from './vitest-reports.mjs';

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

/**
 * Runs pnpm with `args` without waiting: resolves with its exit code. `background`: at the lowest
 * CPU priority (nice 19, where `nice` exists), so that it takes only what the others leave idle.
 */
function pnpmAsync(args, { background = false } = {}) {
  const command = [...pnpmCommand(), ...args];
  if (background && process.platform !== 'win32') command.unshift('nice', '-n', '19');
  const [cmd, ...rest] = command;
  return new Promise((resolve) => {
    spawn(cmd, rest, { cwd: repoRoot, stdio: 'inherit', env: pnpmEnv() }).on('close', resolve);
  });
}

/**
 * Each package's `test` exit code in the turbo run started at `since`, from the summary turbo
 * writes with --summarize: a suite can exit non-zero with every test in its report passed.
 */
function suiteExitCodes(since) {
  const runs = join(repoRoot, '.turbo/runs');
  const codes = new Map();
  if (!existsSync(runs)) return codes;
  const newest = readdirSync(runs)
    .map((name) => join(runs, name))
    .filter((file) => file.endsWith('.json') && statSync(file).mtimeMs >= since)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!newest) return codes;
  for (const task of JSON.parse(readFileSync(newest, 'utf8')).tasks ?? [])
    if (task.task === 'test') codes.set(task.directory, task.execution?.exitCode ?? 0);
  return codes;
}

const extra = process.argv.slice(2);

installAndBuild();
const packages = selectedPackages(vitestPackages(), extra);
for (const dir of packages)
  rmSync(join(repoRoot, dir, '.cache/vitest-report.json'), { force: true });

// The conventions CI holds, and the suites, at once: the suites spend much of their time waiting
// (HTTP, PostgreSQL, xmllint, pdftoppm), which the checks fill. The checks run at the lowest CPU
// priority, two packages at a time each: beside the suites as equals (at turbo's default of ten
// packages, twenty type-checking processes on two cores), they starved a suite's worker past
// vitest's 60 s RPC timeout and stretched the API's timing windows; once the suites end, they have
// both cores. Each check says how it went as soon as it ends, so a style slip shows in a minute.
const checkArgs = ['--only', '--concurrency=2', '--output-logs=errors-only', '--continue'];
const checks = [
  ['lint', ['exec', 'turbo', 'run', 'lint', ...checkArgs]],
  ['typecheck', ['exec', 'turbo', 'run', 'typecheck', ...checkArgs]],
  ['format', ['exec', 'prettier', '--check', '--log-level=warn', '.']],
];
const checked = checks.map(([name, args]) =>
  pnpmAsync(args, { background: true }).then((status) => {
    console.log(`check ${name}: ${status === 0 ? 'ok' : 'FAILED'}`);
    return status;
  }),
);

// Two packages at a time: the API suite (three forks, mostly waiting on HTTP and PostgreSQL) beside
// the pure packages' suites one after another. Every package was built above, so the three turbo
// runs take their tasks alone (--only): with their dependencies, each would restore or rebuild
// dist/ under the suites reading it (the arguments after -- even change the builds' hashes).
const suitesStart = Date.now();
const suites = pnpmAsync([
  'exec',
  'turbo',
  'run',
  'test',
  '--only',
  '--concurrency=2',
  '--continue',
  '--summarize',
  ...extra,
  '--',
  '--maxWorkers=2',
]);
const statuses = await Promise.all(checked);
const runStatus = await suites;
const failedChecks = checks.filter((_, i) => statuses[i] !== 0).map(([name]) => name);
console.log(
  failedChecks.length
    ? `checks failed: ${failedChecks.join(', ')}`
    : 'checks: lint, typecheck, format ok',
);

const tally = createTally();
tally.passed += checks.length - failedChecks.length;
for (const name of failedChecks) tally.fail(`check ${name}: see its output above`);
const exitCodes = suiteExitCodes(suitesStart);
for (const dir of packages)
  tally.addReport(dir, join(repoRoot, dir, '.cache/vitest-report.json'), exitCodes.get(dir) ?? 0);
if (runStatus !== 0 && tally.failed === 0)
  tally.fail(`turbo run test exited ${runStatus} with every suite's report passing`);
tally.print(missingPrerequisites(repoRoot, 'test'));
process.exit(tally.failed > 0 || runStatus !== 0 ? 1 : 0);
