import { describe, expect, it } from 'vitest';

import { freeExchanges } from './free-exchanges.js';

describe('freeExchanges', () => {
  const base = { concurrency: 16, concurrencyWhileSaturated: 2 };

  it('gives the whole concurrency while requests do not queue', () => {
    expect(freeExchanges({ ...base, saturated: false, inFlight: 0 })).toBe(16);
    expect(freeExchanges({ ...base, saturated: false, inFlight: 10 })).toBe(6);
  });

  it('keeps only the trickle while requests queue', () => {
    expect(freeExchanges({ ...base, saturated: true, inFlight: 0 })).toBe(2);
    expect(freeExchanges({ ...base, saturated: true, inFlight: 1 })).toBe(1);
  });

  it('starts nothing new when the exchanges already in flight exceed the trickle', () => {
    expect(freeExchanges({ ...base, saturated: true, inFlight: 9 })).toBe(0);
    expect(freeExchanges({ ...base, saturated: false, inFlight: 20 })).toBe(0);
  });

  it('never lets the trickle stop transmission or exceed the concurrency', () => {
    expect(
      freeExchanges({ concurrency: 4, concurrencyWhileSaturated: 0, saturated: true, inFlight: 0 }),
    ).toBe(1);
    expect(
      freeExchanges({ concurrency: 1, concurrencyWhileSaturated: 8, saturated: true, inFlight: 0 }),
    ).toBe(1);
  });
});
