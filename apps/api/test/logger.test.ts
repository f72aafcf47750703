// The API's logger as an operator runs it: lines to stdout, each written before the call returns,
// so a process killed right after logging (kill -9, the OOM killer) has lost none of them.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const LOGGER = fileURLToPath(new URL('../dist/http/logger.js', import.meta.url));

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
});
