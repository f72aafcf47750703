// The closing count of `npm test` and `npm run test:system`, summed from vitest's JSON reports.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

/** A tally that checks and suites add to; `line()` is the run's last line. */
export function createTally() {
  const tally = {
    passed: 0,
    failed: 0,
    skipped: 0,
    /** `<suite>: N (file N, …)` for every suite that skipped tests. */
    skippedBySuite: [],
    /** Adds the tests of one vitest JSON report; a suite that wrote none counts as one failure. */
    addReport(label, file) {
      if (!existsSync(file)) {
        console.error(`${label}: no test report (the suite crashed before reporting)`);
        tally.failed += 1;
        return;
      }
      const report = JSON.parse(readFileSync(file, 'utf8'));
      tally.passed += report.numPassedTests;
      tally.failed += report.numFailedTests;
      tally.skipped += report.numPendingTests + report.numTodoTests;
      // Report paths relative to the package (the report lives in <package>/.cache/).
      const packageDir = dirname(dirname(file));
      const files = report.testResults
        .map((r) => [
          relative(packageDir, r.name),
          r.assertionResults.filter((a) => ['skipped', 'pending', 'todo'].includes(a.status))
            .length,
        ])
        .filter(([, n]) => n > 0);
      const total = files.reduce((sum, [, n]) => sum + n, 0);
      if (total > 0)
        tally.skippedBySuite.push(
          `${label}: ${total} (${files.map(([f, n]) => `${f} ${n}`).join(', ')})`,
        );
      // A file that failed to load reports no failed test but is still a failure.
      tally.failed += report.testResults.filter(
        (r) => r.status === 'failed' && r.assertionResults.length === 0,
      ).length;
    },
    /**
     * What was skipped and why, then the count: a run that skipped tests is not a complete one.
     * `missing` are the prerequisites of this tier that are not on this machine.
     */
    print(missing) {
      if (tally.skipped > 0) {
        console.log(`skipped ${tally.skipped} tests:`);
        for (const line of tally.skippedBySuite) console.log(`  ${line}`);
      }
      if (missing.length > 0) {
        console.log(
          'missing for a complete run (README "What npm test needs"; .ci/run installs the tools):',
        );
        for (const p of missing) console.log(`  ${p.name}: needed for ${p.needed}; ${p.get}`);
      } else if (tally.skipped > 0) {
        console.log("every prerequisite is present: the skips above are the tests' own conditions");
      }
      console.log(`${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
    },
  };
  return tally;
}
