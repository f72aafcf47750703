import { describe, expect, it } from 'vitest';

import { timeOrderedId } from './time-ordered-id.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('timeOrderedId', () => {
  it('is a UUID version 7 with the RFC 9562 variant', () => {
    for (let i = 0; i < 1000; i++) expect(timeOrderedId()).toMatch(UUID_V7);
  });

  it('carries the millisecond it was made in its first 48 bits', () => {
    const ms = Date.now() + 3_600_000; // later than any id made so far
    const id = timeOrderedId(ms);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(ms);
  });

  it('increases strictly, within a millisecond and when the clock goes back', () => {
    const base = Date.now() + 7_200_000;
    const ids = [
      ...Array.from({ length: 5000 }, () => timeOrderedId(base)), // more than 4096 in one ms
      timeOrderedId(base - 1_000),
      timeOrderedId(base + 5),
    ];
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
