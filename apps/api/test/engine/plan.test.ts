// The pure pieces of the engine's policy, one decision at a time.
import { describe, expect, it } from 'vitest';

import { LAST_NUMBER, type EmissionJob } from '../../src/modules/emissions/emission-job.js';
import { ReservationBook } from '../../src/modules/emissions/reservation-book.js';
import { plan, requeue, type QueuedJob } from '../../src/modules/emissions/scheduler.js';
import { StoreTurns } from '../../src/modules/emissions/store-turns.js';

let seq = 0;
const queued = (seriesId: string): QueuedJob => ({
  seq: ++seq,
  job: { target: { seriesId } } as EmissionJob,
  resolve: () => {},
  reject: () => {},
});
const idle = {
  lockedSeries: new Set<string>(),
  optimisticBatches: new Map(),
  optimisticTotal: 0,
  optimisticSigning: 0,
};
const policy = (contended: string[] = [], maxBatch = 32) => ({
  maxBatch,
  maxInFlight: 2,
  maxSigning: 1,
  isContended: (id: string) => contended.includes(id),
});

describe('plan', () => {
  it('puts jobs of every calm series into one optimistic batch, up to maxBatch', () => {
    const queue = ['a', 'b', 'a', 'c'].map(queued);
    const next = plan(queue, idle, policy([], 3));
    expect(next.optimistic).toEqual(queue.slice(0, 3));
    expect(next.waiting).toEqual([queue[3]]);
    expect(next.locked.size).toBe(0);
  });

  it('starts no optimistic batch while two are in flight', () => {
    const queue = ['a'].map(queued);
    const next = plan(queue, { ...idle, optimisticTotal: 2 }, policy());
    expect(next.optimistic).toEqual([]);
    expect(next.waiting).toEqual(queue);
  });

  it('starts no optimistic batch while one is being signed, though a slot is free', () => {
    const queue = ['a', 'b'].map(queued);
    const next = plan(queue, { ...idle, optimisticTotal: 1, optimisticSigning: 1 }, policy());
    expect(next.optimistic).toEqual([]);
    expect(next.waiting).toEqual(queue);
    // Once it is signed (waiting for its store), the next batch takes both.
    expect(plan(queue, { ...idle, optimisticTotal: 1 }, policy()).optimistic).toEqual(queue);
  });

  it('sends a contended series the locked way, one group per series, bounded by maxBatch', () => {
    const queue = ['a', 'b', 'a', 'a'].map(queued);
    const next = plan(queue, idle, policy(['a'], 2));
    expect(next.locked.get('a')).toEqual([queue[0], queue[2]]);
    expect(next.optimistic).toEqual([queue[1]]);
    expect(next.waiting).toEqual([queue[3]]);
  });

  it('keeps a contended series waiting while an optimistic batch of it is in flight', () => {
    const queue = ['a'].map(queued);
    const next = plan(queue, { ...idle, optimisticBatches: new Map([['a', 1]]) }, policy(['a']));
    expect(next.locked.size).toBe(0);
    expect(next.waiting).toEqual(queue);
  });

  it('starts nothing of a series whose locked transaction runs', () => {
    const queue = ['a', 'b'].map(queued);
    const next = plan(queue, { ...idle, lockedSeries: new Set(['a']) }, policy());
    expect(next.optimistic).toEqual([queue[1]]);
    expect(next.waiting).toEqual([queue[0]]);
  });

  it('requeue puts jobs back in arrival order', () => {
    const [j1, j2, j3, j4] = ['a', 'a', 'a', 'a'].map(queued);
    const queue = [j4!];
    requeue(queue, [j2!]);
    requeue(queue, [j1!, j3!]);
    expect(queue).toEqual([j1, j2, j3, j4]);
  });
});

describe('reservation book', () => {
  it('reserves after its own reservations and after a newer hint', () => {
    const book = new ReservationBook();
    expect(book.reserve('s', 3, 10)).toBe(10);
    expect(book.reserve('s', 2, 10)).toBe(13);
    expect(book.reserve('s', 1, 40)).toBe(40);
    book.lost('s', 20);
    expect(book.reserve('s', 1, 1)).toBe(20);
    book.forget('s');
    expect(book.reserve('s', 1, 7)).toBe(7);
  });

  it('refuses a reservation past the last number and leaves the book as it was', () => {
    const book = new ReservationBook();
    expect(book.reserve('s', 2, LAST_NUMBER)).toBeUndefined();
    expect(book.peek('s')).toBeUndefined();
    expect(book.reserve('s', 1, LAST_NUMBER)).toBe(LAST_NUMBER);
  });

  it('a settled store never moves the book backwards', () => {
    const book = new ReservationBook();
    book.reserve('s', 10, 1);
    book.stored('s', 5);
    expect(book.peek('s')).toBe(11);
  });
});

describe('store turns', () => {
  it('a batch stores after every earlier batch of each of its series, not after others', async () => {
    const turns = new StoreTurns();
    const order: string[] = [];
    const first = turns.take(['a']);
    const other = turns.take(['b']);
    const second = turns.take(['a', 'b']);
    void second.earlier.then(() => order.push('second'));
    void other.earlier.then(() => order.push('other'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['other']);
    first.done();
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['other']); // still behind `other` on series b
    other.done();
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['other', 'second']);
  });
});
