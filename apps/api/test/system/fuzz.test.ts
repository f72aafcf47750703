import { describe, expect, it } from 'vitest';

import { runFuzz } from '../chaos/fuzz-run.js';

// The full run (10,000 requests per route) is `pnpm test:chaos`; this one keeps every route fuzzed
// in the normal suite, with a seed that changes every run (printed, to replay a failure).
const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

describe('hostile input on every route', () => {
  it(`${PER_ROUTE} generated requests per route: no 5xx, every 4xx in the decided shape, nothing stored by a refusal`, async () => {
    const summaries = await runFuzz(PER_ROUTE, SEED);
    expect(summaries).toHaveLength(23);
    for (const s of summaries) {
      expect(s.sent, s.route).toBe(PER_ROUTE);
      expect(s.problems, `${s.route} (seed ${SEED})`).toEqual([]);
    }
  }, 240_000);
});
