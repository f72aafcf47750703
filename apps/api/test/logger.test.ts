// The API's logger as an operator runs it: lines to stdout, each handed to stdout before the call
// returns, so a process killed right after logging (kill -9, the OOM killer) has lost none of them;
// and a log reader that stalls or goes away never stops the process.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const LOGGER = fileURLToPath(new URL('../dist/logging/logger.js', import.meta.url));
const STDOUT_LINES = fileURLToPath(new URL('../dist/logging/stdout-lines.js', import.meta.url));

/** A child running `script` (an ES module) whose stdout nobody reads until `reader` is called. */
function childWithUnreadStdout(script: string) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pause();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  /** Resolves with the child's report: the JSON it writes to stderr when it is done logging. */
  const report = new Promise<Record<string, number>>((resolve, reject) => {
    child.stderr.on('data', () => {
      const line = stderr.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as Record<string, number>);
    });
    void exited.then(() => reject(new Error(`child ended without a report: ${stderr}`)));
  });
  /** Reads stdout from now on; resolves with its lines once the child has ended. */
  const reader = async (): Promise<string[]> => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stdout.resume();
    await exited;
    return stdout.split('\n').filter(Boolean);
  };
  return { child, report, reader, exited, stderr: () => stderr };
}

describe('the default log destination', () => {
  it('has every line on stdout even when the process is killed right after logging', () => {
    const script = `
      const { createLogger } = await import(${JSON.stringify(LOGGER)});
      const logger = createLogger('info');
      for (let i = 0; i < 50; i++) logger.info({ i }, 'request');
      process.kill(process.pid, 'SIGKILL');`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(child.signal).toBe('SIGKILL');
    const lines = child.stdout.split('\n').filter(Boolean);
    expect(lines.map((line) => (JSON.parse(line) as { i: number }).i)).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
  });

  it('keeps the event loop running while nobody reads stdout, and delivers every line after', async () => {
    // ~1,000 lines a second for 1.5 s (about 200 KB), several times what a pipe holds. The worst
    // lateness of a 10-ms timer is what a request would have waited; its bound leaves room for a
    // busy test machine. pino's synchronous destination stopped this process for as long as the
    // reader did (4.7 s in a trial), so it never reported here.
    const script = `
      const { createLogger } = await import(${JSON.stringify(LOGGER)});
      const { exitWhenLogsWritten } = await import(${JSON.stringify(STDOUT_LINES)});
      const logger = createLogger('info');
      let lines = 0, worstLagMs = 0, last = performance.now();
      const lag = setInterval(() => {
        const now = performance.now();
        worstLagMs = Math.max(worstLagMs, now - last - 10);
        last = now;
      }, 10);
      const log = setInterval(() => {
        for (let k = 0; k < 5; k++) logger.info({ i: lines++, path: '/v1/emissoes' }, 'request');
      }, 5);
      setTimeout(() => {
        clearInterval(log);
        clearInterval(lag);
        process.stderr.write(JSON.stringify({ lines, worstLagMs }) + '\\n');
        exitWhenLogsWritten(0);
      }, 1500);`;
    const child = childWithUnreadStdout(script);
    // A child that stops while its stdout is full never reports: read after 10 s, and fail.
    const report = await Promise.race([
      child.report,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 10_000)),
    ]);
    const lines = await child.reader();
    expect(report, 'the child stopped while nobody read its stdout').toBeDefined();
    const { lines: logged = 0, worstLagMs = Infinity } = report ?? {};
    expect(await child.exited).toBe(0);
    expect(logged).toBeGreaterThan(1_000);
    expect(worstLagMs).toBeLessThan(1_000);
    expect(lines.map((line) => (JSON.parse(line) as { i: number }).i)).toEqual(
      Array.from({ length: logged }, (_, i) => i),
    );
  });

  it('past its backlog limit drops lines, and says how many once the reader catches up', async () => {
    const script = `
      const { StdoutLines, exitWhenLogsWritten } = await import(${JSON.stringify(STDOUT_LINES)});
      const out = new StdoutLines(process.stdout, 256 * 1024);
      out.onDropped = (dropped) => out.write(JSON.stringify({ dropped }) + '\\n');
      const pad = 'x'.repeat(80);
      for (let i = 0; i < 10_000; i++) out.write(JSON.stringify({ i, pad }) + '\\n');
      process.stderr.write(JSON.stringify({ written: 10_000 }) + '\\n');
      exitWhenLogsWritten(0);`;
    const child = childWithUnreadStdout(script);
    await child.report;
    const lines = (await child.reader()).map((line) => JSON.parse(line) as Record<string, number>);
    const kept = lines.filter((line) => 'i' in line).map((line) => line.i);
    // What fit (the pipe, then 256 KB in memory) arrives whole and in order; the rest is counted.
    expect(kept.length).toBeGreaterThan(1_000);
    expect(kept.length).toBeLessThan(10_000);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => i));
    expect(lines.at(-1)).toEqual({ dropped: 10_000 - kept.length });
  });

  it('keeps the process running when the log reader goes away for good', async () => {
    const script = `
      const { createLogger } = await import(${JSON.stringify(LOGGER)});
      const logger = createLogger('info');
      let lines = 0;
      const log = setInterval(() => {
        for (let k = 0; k < 50; k++) logger.info({ i: lines++ }, 'request');
      }, 5);
      setTimeout(() => {
        clearInterval(log);
        process.stderr.write(JSON.stringify({ lines }) + '\\n');
      }, 500);`;
    const child = childWithUnreadStdout(script);
    child.child.stdout.destroy();
    const report = await child.report;
    expect(report.lines).toBeGreaterThan(1_000);
    expect(await child.exited).toBe(0);
    expect(child.stderr()).toContain(
      'emissor-api: stdout failed (EPIPE): log lines are dropped from now on',
    );
  });
});
