import { Writable } from 'node:stream';

import { afterEach, describe, expect, it } from 'vitest';

import { createLogger } from '../logging/logger.js';
import type { LaterAttempt } from './attempt-result.js';
import { startRecordWork, type RecordStore } from './record-work.js';
import type { WorkEngine } from './work-engine.js';

interface Claimed {
  id: string;
  attempt: number;
}
type Final = { kind: 'final'; status: 'done' };

/** Records as the queue tables hold them: attempts counted, leases, results fenced by attempt. */
class MemoryRecords implements RecordStore<Claimed, Final> {
  readonly rows = new Map<string, { attempts: number; availableAt: number }>();
  readonly done: string[] = [];
  readonly leases: number[] = [];

  add(id: string) {
    this.rows.set(id, { attempts: 0, availableAt: 0 });
  }

  claim(limit: number, leaseMs: number): Promise<Claimed[]> {
    this.leases.push(leaseMs);
    const due = [...this.rows.entries()]
      .filter(([, row]) => row.availableAt <= Date.now())
      .slice(0, limit);
    return Promise.resolve(
      due.map(([id, row]) => {
        row.attempts += 1;
        row.availableAt = Date.now() + leaseMs;
        return { id, attempt: row.attempts };
      }),
    );
  }

  settle(claimed: Claimed, result: Final | LaterAttempt): Promise<boolean> {
    const row = this.rows.get(claimed.id);
    if (row?.attempts !== claimed.attempt) return Promise.resolve(false);
    if (result.kind === 'final') {
      this.rows.delete(claimed.id);
      this.done.push(claimed.id);
    } else row.availableAt = Date.now() + result.delayMs;
    return Promise.resolve(true);
  }
}

const lines: string[] = [];
const logger = createLogger(
  'info',
  new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  }),
);

const engines: WorkEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.stop()));
  lines.length = 0;
});

async function until(done: () => boolean) {
  const end = Date.now() + 2_000;
  while (!done()) {
    if (Date.now() > end) throw new Error('not done in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('record work', () => {
  it('runs one attempt per record, retries the failed ones after a back-off, and logs each', async () => {
    const store = new MemoryRecords();
    store.add('r1');
    store.add('r2');
    const tries = new Map<string, number>();
    engines.push(
      startRecordWork<Claimed, Final>(
        {
          what: 'test record',
          store,
          attempt(claimed) {
            const n = (tries.get(claimed.id) ?? 0) + 1;
            tries.set(claimed.id, n);
            if (claimed.id === 'r2' && n === 1)
              return Promise.resolve({ kind: 'later', delayMs: 30, error: 'try later' });
            if (claimed.id === 'r2' && n === 2) return Promise.reject(new Error('it broke'));
            return Promise.resolve({ kind: 'final', status: 'done' });
          },
          logFields: (claimed) => ({ record: claimed.id }),
          finalFields: (result) => ({ status: result.status }),
        },
        { concurrency: 4, pollMs: 60_000, timeoutMs: 1_000, retryBaseMs: 20 },
        logger,
      ),
    );
    // The retries are looked at when due, not at the 60 s poll.
    await until(() => store.done.length === 2);
    expect(tries.get('r2')).toBe(3);
    // The lease outlives the call timeout (lease.ts).
    expect(new Set(store.leases)).toEqual(new Set([12_000]));
    const messages = lines.map((l) => JSON.parse(l) as { msg: string; record?: string });
    expect(messages.filter((m) => m.msg === 'test record finished').map((m) => m.record)).toEqual(
      expect.arrayContaining(['r1', 'r2']),
    );
    expect(messages.filter((m) => m.msg === 'test record retried')).toHaveLength(2);
    expect(messages.filter((m) => m.msg === 'test record attempt failed')).toHaveLength(1);
  });
});
