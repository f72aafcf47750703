import { describe, expect, it } from 'vitest';

import { DEFAULT_KNOBS, documentKnobsOf, KnobError, mergeKnobs } from '../src/knobs.js';
import { outageCovering } from '../src/outage-scope.js';

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

  it('keeps an outage with its answer, UFs (once each) and SVC switch; all UFs and no SVC by default', () => {
    expect(mergeKnobs(DEFAULT_KNOBS, { outage: { cStat: '109' } }).outage).toEqual({
      cStat: '109',
      until: null,
      ufs: null,
      svc: false,
    });
    const silent = mergeKnobs(DEFAULT_KNOBS, {
      outage: { noAnswer: true, ufs: ['SP', 'MG', 'SP'], svc: false, seconds: 60 },
    }).outage;
    expect(silent).toMatchObject({ noAnswer: true, ufs: ['SP', 'MG'], svc: false });
    expect(silent?.cStat).toBeUndefined();
  });

  it.each([
    [{ outage: {} }, 'outage must be null'],
    [{ outage: '108' }, 'outage must be null'],
    [{ outage: { cStat: '108', noAnswer: true } }, 'outage takes cStat or noAnswer, not both'],
    [{ outage: { noAnswer: false } }, 'outage.noAnswer must be true'],
    [{ outage: { cStat: '108', ufs: [] } }, 'outage.ufs must be a non-empty list of UFs'],
    [{ outage: { cStat: '108', ufs: 'SP' } }, 'outage.ufs must be a non-empty list of UFs'],
    [{ outage: { cStat: '108', ufs: ['SP', 'sp'] } }, 'outage.ufs: not a UF: "sp"'],
    [{ outage: { noAnswer: true, ufs: [35] } }, 'outage.ufs: not a UF: 35'],
    [{ outage: { cStat: '108', svc: 'yes' } }, 'outage.svc must be a boolean'],
    [{ outage: { cStat: '108', seconds: -1 } }, 'outage.seconds must be a non-negative integer'],
    [{ outage: { cStat: '108', minutes: 5 } }, 'unknown outage field: minutes'],
  ])('refuses the outage %j', (input, message) => {
    expect(() => mergeKnobs(DEFAULT_KNOBS, input)).toThrow(KnobError);
    expect(() => mergeKnobs(DEFAULT_KNOBS, input)).toThrow(message);
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

describe('which requests an outage covers', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const covers = (outage: unknown, cUF: string | undefined) =>
    outageCovering(mergeKnobs(DEFAULT_KNOBS, { outage }), now, cUF) !== undefined;

  it('covers the UFs named, by their authorisers: SP down leaves MG up, RJ down stops SVRS', () => {
    expect(covers({ cStat: '108', ufs: ['SP'] }, '35')).toBe(true);
    expect(covers({ cStat: '108', ufs: ['SP'] }, '31')).toBe(false);
    expect(covers({ cStat: '108', ufs: ['RJ'] }, '42')).toBe(true);
    expect(covers({ cStat: '108', ufs: ['RJ'] }, '35')).toBe(false);
  });

  it('covers a request whose UF is unknown only when every authoriser is down', () => {
    expect(covers({ noAnswer: true }, undefined)).toBe(true);
    expect(covers({ noAnswer: true }, '99')).toBe(true);
    expect(covers({ noAnswer: true, ufs: ['SP'] }, undefined)).toBe(false);
    expect(covers({ noAnswer: true, ufs: ['SP'] }, '99')).toBe(false);
  });

  it('ends with its window', () => {
    const knobs = mergeKnobs(DEFAULT_KNOBS, { outage: { cStat: '109', seconds: 60 } });
    expect(outageCovering(knobs, new Date(), '35')).toBeDefined();
    expect(outageCovering(knobs, new Date(Date.now() + 61_000), '35')).toBeUndefined();
  });
});
