import { describe, expect, it } from 'vitest';

import { freeSlots } from './free-slots.js';

describe('freeSlots', () => {
  const base = { concurrency: 16, concurrencyWhileSaturated: 2 };

  it('gives the whole concurrency while requests do not queue', () => {
    expect(freeSlots({ ...base, saturated: false, inFlight: 0 })).toBe(16);
    expect(freeSlots({ ...base, saturated: false, inFlight: 10 })).toBe(6);
  });

  it('keeps only the trickle while requests queue', () => {
    expect(freeSlots({ ...base, saturated: true, inFlight: 0 })).toBe(2);
    expect(freeSlots({ ...base, saturated: true, inFlight: 1 })).toBe(1);
  });

  it('starts nothing new when the exchanges already in flight exceed the trickle', () => {
    expect(freeSlots({ ...base, saturated: true, inFlight: 9 })).toBe(0);
    expect(freeSlots({ ...base, saturated: false, inFlight: 20 })).toBe(0);
  });

  it('never lets the trickle stop transmission or exceed the concurrency', () => {
    expect(
      freeSlots({ concurrency: 4, concurrencyWhileSaturated: 0, saturated: true, inFlight: 0 }),
    ).toBe(1);
    expect(
      freeSlots({ concurrency: 1, concurrencyWhileSaturated: 8, saturated: true, inFlight: 0 }),
    ).toBe(1);
  });
});
