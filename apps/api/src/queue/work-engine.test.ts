import { afterEach, describe, expect, it } from 'vitest';

import { createLogger } from '../logging/logger.js';
import { startWorkEngine, type WorkEngine, type WorkKind } from './work-engine.js';

const silent = createLogger('silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(done: () => boolean, ms = 2_000) {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('not done in time');
    await sleep(5);
  }
}

/** A kind whose work is a list of items, each run held until the test lets it end. */
class ListKind implements WorkKind<string> {
  readonly what = 'test';
  readonly queued: string[] = [];
  readonly running = new Map<string, (dueInMs?: number) => void>();
  readonly claims: { full: boolean; room: number }[] = [];
  most = 0;
  failNextClaim = false;
  lookWhenDone = false;

  claim = async (
    round: { room(): number; start(unit: string): void },
    full: boolean,
  ): Promise<boolean> => {
    await Promise.resolve();
    const room = round.room();
    this.claims.push({ full, room });
    if (this.failNextClaim) {
      this.failNextClaim = false;
      throw new Error('the database is away');
    }
    if (room <= 0) return true;
    const taken = this.queued.splice(0, room);
    for (const item of taken) round.start(item);
    return taken.length === room;
  };

  run = (item: string) =>
    new Promise<number | undefined>((resolve) => {
      this.running.set(item, resolve);
      this.most = Math.max(this.most, this.running.size);
    });

  finish(item: string, dueInMs?: number) {
    const resolve = this.running.get(item);
    this.running.delete(item);
    resolve?.(dueInMs);
  }
}

const engines: { engine: WorkEngine; kind: ListKind }[] = [];
function start(kind: ListKind, settings: Parameters<typeof startWorkEngine>[1]) {
  const engine = startWorkEngine(kind, settings, silent);
  engines.push({ engine, kind });
  return engine;
}
afterEach(async () => {
  const started = engines.splice(0);
  const stopping = started.map(({ engine }) => engine.stop());
  for (const { kind } of started) for (const item of [...kind.running.keys()]) kind.finish(item);
  await Promise.all(stopping);
});

describe('the work engine', () => {
  it('keeps at most `concurrency` units in flight and claims what was held back as they end', async () => {
    const kind = new ListKind();
    kind.queued.push('a', 'b', 'c', 'd', 'e');
    start(kind, { concurrency: 2, pollMs: 60_000 });
    await until(() => kind.running.size === 2);
    expect([...kind.running.keys()]).toEqual(['a', 'b']);
    kind.finish('a');
    // Held back: the freed slot is filled at once, without waiting for the poll.
    await until(() => kind.running.has('c'));
    expect(kind.running.size).toBe(2);
    kind.finish('b');
    kind.finish('c');
    await until(() => kind.running.has('e'));
    expect(kind.most).toBe(2);
  });

  it('looks at once for fresh work when poked, and only at the poll otherwise', async () => {
    const kind = new ListKind();
    const engine = start(kind, { concurrency: 4, pollMs: 60_000 });
    await until(() => kind.claims.length === 1);
    kind.queued.push('new');
    await sleep(30);
    expect(kind.running.size).toBe(0);
    engine.poke();
    await until(() => kind.running.has('new'));
    expect(kind.claims.at(-1)?.full).toBe(false);
  });

  it('looks again when a retry a unit stored becomes due, before the next poll', async () => {
    const kind = new ListKind();
    kind.queued.push('a');
    start(kind, { concurrency: 4, pollMs: 60_000 });
    await until(() => kind.running.has('a'));
    const claims = kind.claims.length;
    kind.finish('a', 60);
    kind.queued.push('a again');
    await sleep(20);
    expect(kind.claims.length).toBe(claims);
    await until(() => kind.running.has('a again'), 1_000);
    expect(kind.claims.at(-1)?.full).toBe(true);
  });

  it('finds work other processes queued at the poll', async () => {
    const kind = new ListKind();
    start(kind, { concurrency: 4, pollMs: 20 });
    await sleep(30);
    kind.queued.push('from elsewhere');
    await until(() => kind.running.has('from elsewhere'));
  });

  it('looks after every unit for a kind whose work waits its turn', async () => {
    const kind = new ListKind();
    kind.lookWhenDone = true;
    kind.queued.push('first');
    start(kind, { concurrency: 4, pollMs: 60_000 });
    await until(() => kind.running.has('first'));
    kind.queued.push('second, in turn after the first');
    kind.finish('first');
    await until(() => kind.running.size === 1 && !kind.running.has('first'));
  });

  it('keeps only the trickle in flight while the requests saturate the process', async () => {
    const kind = new ListKind();
    kind.queued.push('a', 'b', 'c');
    let saturated = true;
    start(kind, {
      concurrency: 8,
      concurrencyWhileSaturated: 1,
      requestsSaturated: () => saturated,
      pollMs: 60_000,
    });
    await until(() => kind.running.size === 1);
    await sleep(150);
    expect(kind.running.size).toBe(1);
    saturated = false;
    // Held back for the requests, it looks again soon (not at the 60 s poll).
    await until(() => kind.running.size === 3, 1_000);
  });

  it('logs a failed claim and claims again at the next poll', async () => {
    const kind = new ListKind();
    kind.failNextClaim = true;
    kind.queued.push('a');
    start(kind, { concurrency: 1, pollMs: 20 });
    await until(() => kind.running.has('a'));
    expect(kind.claims.length).toBeGreaterThanOrEqual(2);
  });

  it('stops claiming at once and waits for the units in flight', async () => {
    const kind = new ListKind();
    kind.queued.push('a');
    const engine = start(kind, { concurrency: 2, pollMs: 10 });
    await until(() => kind.running.has('a'));
    let stopped = false;
    const stopping = engine.stop().then(() => (stopped = true));
    kind.queued.push('b');
    engine.poke();
    await sleep(40);
    expect(stopped).toBe(false);
    expect(kind.running.has('b')).toBe(false);
    const claims = kind.claims.length;
    kind.finish('a');
    await stopping;
    expect(kind.claims.length).toBe(claims);
  });
});
