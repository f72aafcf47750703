// The built API with a log reader that stops reading (a stuck log driver or pipe): requests are
// still answered, and the request lines arrive once the reader reads again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { spawnApi, waitUntilReady, type ApiProcess } from './helpers/api-process.js';
import { createTestDatabase } from './helpers/database.js';

let api: ApiProcess;

beforeAll(async () => {
  api = await spawnApi(await createTestDatabase());
  await waitUntilReady(api);
});
afterAll(() => {
  api?.child.kill('SIGKILL');
});

function healthLines(output: string): number {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .filter((line) => (JSON.parse(line) as { path?: string }).path === '/v1/health').length;
}

describe('a log reader that stops reading', () => {
  it('does not stop the API, and gets every request line once it reads again', async () => {
    api.child.stdout?.pause();
    // 1,500 request lines are about 300 KB: several times what the pipe and the reader's buffer
    // hold, so the API's writes find stdout full long before the last request.
    const total = 1_500;
    let next = 0;
    const client = async (): Promise<void> => {
      while (next < total) {
        next += 1;
        const res = await fetch(`${api.url}/v1/health`, { signal: AbortSignal.timeout(5_000) });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    expect(healthLines(api.output())).toBeLessThan(total);

    api.child.stdout?.resume();
    const deadline = Date.now() + 10_000;
    while (healthLines(api.output()) < total && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(healthLines(api.output())).toBe(total);
  });
});
