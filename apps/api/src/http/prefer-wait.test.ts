import { describe, expect, it } from 'vitest';

import { preferredWait } from './prefer-wait.js';

describe('preferredWait (RFC 7240 wait, 1–60 s)', () => {
  it('reads wait among other preferences, in any case and with parameters', () => {
    expect(preferredWait('wait=10')).toBe(10);
    expect(preferredWait('respond-async, WAIT = 5')).toBe(5);
    expect(preferredWait('wait="60"; foo=bar')).toBe(60);
    expect(preferredWait(['return=minimal', 'wait=1'])).toBe(1);
    expect(preferredWait('x="a, b; c", wait=7')).toBe(7);
    expect(preferredWait(`x-trace=${'t'.repeat(10_000)}, wait=3`)).toBe(3);
    expect(preferredWait('wait="\\5"')).toBe(5);
  });

  it('only the first wait counts (RFC 7240 §2)', () => {
    expect(preferredWait('wait=5, wait=10')).toBe(5);
    expect(preferredWait('wait=0, wait=10')).toBeUndefined();
  });

  it('ignores what it does not honour', () => {
    for (const header of [
      undefined,
      '',
      'wait=0',
      'wait=61',
      'wait=-1',
      'wait=abc',
      'wait=',
      'wait',
      'wait=5.5',
      'wait=1e1',
      'wait=99999999999999999999',
      'return=minimal',
      'x="wait=5"',
      'x="a, wait=5"',
      'x="a\\", wait=5"',
      'x'.repeat(20_000),
    ])
      expect(preferredWait(header)).toBeUndefined();
  });
});
