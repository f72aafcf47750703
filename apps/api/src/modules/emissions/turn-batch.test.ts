import { describe, expect, it } from 'vitest';

import { batchPerTurn } from './turn-batch.js';

describe('batchPerTurn', () => {
  it('answers the calls of one turn with one run, in call order, and a later turn with another', async () => {
    const runs: number[][] = [];
    const double = batchPerTurn((inputs: number[]) => {
      runs.push(inputs);
      return Promise.resolve(inputs.map((n) => n * 2));
    });
    expect(await Promise.all([1, 2, 3].map(double))).toEqual([2, 4, 6]);
    expect(await double(5)).toBe(10);
    expect(runs).toEqual([[1, 2, 3], [5]]);
  });

  it('splits a turn into runs of at most maxBatch', async () => {
    const runs: number[][] = [];
    const same = batchPerTurn((inputs: number[]) => {
      runs.push(inputs);
      return Promise.resolve(inputs);
    }, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map(same))).toEqual([1, 2, 3, 4, 5]);
    expect(runs).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('fails every call of a run that fails or answers the wrong number of outputs', async () => {
    const failing = batchPerTurn((inputs: number[]) =>
      inputs.includes(0) ? Promise.reject(new Error('no zeros')) : Promise.resolve(inputs.slice(1)),
    );
    const refused = await Promise.allSettled([failing(0), failing(1)]);
    expect(refused).toMatchObject([
      { status: 'rejected', reason: { message: 'no zeros' } },
      { status: 'rejected', reason: { message: 'no zeros' } },
    ]);
    await expect(Promise.all([failing(1), failing(2)])).rejects.toThrow(
      'a batch of 2 was answered with 1',
    );
  });
});
