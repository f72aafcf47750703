import { describe, expect, it } from 'vitest';

import { preferredWait } from './prefer-wait.js';

describe('preferredWait (RFC 7240 wait, 1–60 s)', () => {
  it('reads wait among other preferences, in any case and with parameters', () => {
    expect(preferredWait('wait=10')).toBe(10);
    expect(preferredWait('respond-async, WAIT = 5')).toBe(5);
    expect(preferredWait('wait="60"; foo=bar')).toBe(60);
    expect(preferredWait(['return=minimal', 'wait=1'])).toBe(1);
  });

  it('ignores what it does not honour', () => {
    for (const header of [
      undefined,
      '',
      'wait=0',
      'wait=61',
      'wait=-1',
      'wait=abc',
      'return=minimal',
    ])
      expect(preferredWait(header)).toBeUndefined();
  });
});
