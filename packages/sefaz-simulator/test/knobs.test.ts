import { describe, expect, it } from 'vitest';

import { DEFAULT_KNOBS, documentKnobsOf, KnobError, mergeKnobs } from '../src/knobs.js';

describe('knobs', () => {
  it('merges the given run knobs over the current ones', () => {
    const knobs = mergeKnobs(DEFAULT_KNOBS, {
      latencyMs: 250,
      pendingPolls: 2,
      syncAnsweredAsync: true,
    });
    expect(knobs).toMatchObject({
      latencyMs: 250,
      pendingPolls: 2,
      syncAnsweredAsync: true,
      dropAnswers: 0,
    });
    expect(DEFAULT_KNOBS.latencyMs).toBe(0);
  });

  it('opens an outage window that ends after the given seconds', () => {
    const knobs = mergeKnobs(DEFAULT_KNOBS, { outage: { cStat: '108', seconds: 30 } });
    expect(knobs.outage?.cStat).toBe('108');
    expect(Date.parse(knobs.outage?.until ?? '') - Date.now()).toBeGreaterThan(25_000);
  });

  it.each([
    [{ latencyMs: -1 }, 'latencyMs must be a non-negative integer'],
    [{ latencyMs: 1.5 }, 'latencyMs must be a non-negative integer'],
    [{ syncAnsweredAsync: 'yes' }, 'syncAnsweredAsync must be a boolean'],
    [{ outage: { cStat: '107' } }, 'outage must be null'],
    [{ colour: 'blue' }, 'unknown knob: colour'],
    [[1, 2], 'knobs must be a JSON object'],
  ])('refuses %j', (input, message) => {
    expect(() => mergeKnobs(DEFAULT_KNOBS, input)).toThrow(KnobError);
    expect(() => mergeKnobs(DEFAULT_KNOBS, input)).toThrow(message);
  });

  it('reads per-document knobs keyed by chave and refuses anything else', () => {
    const chave = '35261158716523000119550010000000261000010309';
    expect(
      documentKnobsOf({ documents: { [chave]: { action: 'deny', cStat: '301' } } }).get(chave),
    ).toEqual({
      action: 'deny',
      cStat: '301',
      xMotivo: undefined,
    });
    expect(() => documentKnobsOf({ documents: { '123': { action: 'deny' } } })).toThrow(
      'not a chave: 123',
    );
    expect(() => documentKnobsOf({ documents: { [chave]: { action: 'explode' } } })).toThrow(
      KnobError,
    );
    expect(() =>
      documentKnobsOf({ documents: { [chave]: { action: 'reject', cStat: '1' } } }),
    ).toThrow('cStat must be 3 digits');
  });
});
