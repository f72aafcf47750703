import { describe, expect, it } from 'vitest';

import { runFuzz } from './fuzz-run.js';

// The larger run of `pnpm test:chaos`. FUZZ_PER_ROUTE=10000 is the full size (about 100 requests a
// second on two cores, so ~20 minutes); CI runs the default to stay within its time budget.
const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? 2_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

describe('hostile input on every route (chaos size)', () => {
  it(`${PER_ROUTE} generated requests per route: no 5xx, every 4xx in the decided shape, nothing stored by a refusal`, async () => {
    const summaries = await runFuzz(PER_ROUTE, SEED);
    expect(summaries).toHaveLength(13);
    for (const s of summaries) {
      expect(s.sent, s.route).toBe(PER_ROUTE);
      expect(s.problems, `${s.route} (seed ${SEED})`).toEqual([]);
    }
    console.log(`fuzz total: ${summaries.reduce((n, s) => n + s.sent, 0)} requests over ${summaries.length} routes, seed ${SEED}`);
  }, 1_800_000);
});
