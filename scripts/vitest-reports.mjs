// The closing count of `npm test` and `npm run test:system`, summed from vitest's JSON reports,
// and the list of what failed: CI shows the end of the output, so the end must say what broke.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

/** The first line of a message, shortened: one failure, one line. */
function firstLine(text) {
  const line =
    String(text ?? '')
      .split('\n')
      .find((l) => l.trim() !== '') ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** A tally that checks and suites add to; `print()` ends the run with its count. */
export function createTally() {
  const tally = {
    passed: 0,
    failed: 0,
    skipped: 0,
    /** One line per failure, printed before the count. */
    failures: [],
    /** `<suite>: N (file N, …)` for every suite that skipped tests. */
    skippedBySuite: [],
    /** Counts a failure that no report holds (a check, a suite that crashed). */
    fail(line) {
      tally.failed += 1;
      tally.failures.push(line);
    },
    /**
     * Adds the tests of one vitest JSON report. A suite that wrote none is one failure; so is a
     * suite that exited non-zero though its report holds no failure (vitest leaves unhandled
     * errors and workers that would not end out of the report).
     */
    addReport(label, file, exitCode = 0) {
      if (!existsSync(file)) {
        tally.fail(`${label}: no test report (the suite crashed before reporting)`);
        return;
      }
      const report = JSON.parse(readFileSync(file, 'utf8'));
      const failedBefore = tally.failed;
      tally.passed += report.numPassedTests;
      tally.skipped += report.numPendingTests + report.numTodoTests;
      // Report paths relative to the package (the report lives in <package>/.cache/).
      const packageDir = dirname(dirname(file));
      const skippedFiles = [];
      for (const result of report.testResults) {
        const path = relative(packageDir, result.name);
        const failedTests = result.assertionResults.filter((a) => a.status === 'failed');
        for (const test of failedTests)
          tally.fail(`${label} ${path} > ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
        // A file that failed to load, or whose hook failed, without a failed test is a failure.
        if (result.status === 'failed' && failedTests.length === 0)
          tally.fail(`${label} ${path}: ${firstLine(result.message) || 'the file failed'}`);
        const skipped = result.assertionResults.filter((a) =>
          ['skipped', 'pending', 'todo'].includes(a.status),
        ).length;
        if (skipped > 0) skippedFiles.push(`${path} ${skipped}`);
      }
      const skippedTotal = skippedFiles.reduce((sum, f) => sum + Number(f.split(' ').pop()), 0);
      if (skippedTotal > 0)
        tally.skippedBySuite.push(`${label}: ${skippedTotal} (${skippedFiles.join(', ')})`);
      if (exitCode !== 0 && tally.failed === failedBefore)
        tally.fail(
          `${label}: vitest exited ${exitCode} though every test in its report passed ` +
            '(an unhandled error or a worker that would not end: its output above says which)',
        );
    },
    /**
     * What was skipped and why, what failed, then the count: a run that skipped tests is not a
     * complete one. `missing` are the prerequisites of this tier that are not on this machine.
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
      if (tally.failures.length > 0) {
        console.log('failed:');
        for (const line of tally.failures) console.log(`  ${line}`);
      }
      console.log(`${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
    },
  };
  return tally;
}
