import type { TlsCredentials } from '@emissor/sefaz';
import { afterEach, describe, expect, it } from 'vitest';

import { createLogger } from '../../logging/logger.js';
import type { ContingencyBook } from './contingency-book.js';
import type { SvcPeriod } from './contingency-periods.js';
import {
  contingencyTimings,
  startContingencyWatch,
  type ContingencyWatch,
  type ExchangeReport,
} from './contingency-watch.js';

const credentials = { certificatePem: 'cert', privateKeyPem: 'key' } as unknown as TlsCredentials;
const SP = { uf: 'SP', ambiente: 'homologacao', credentials } as const;

/** The period table and book in memory, SEFAZ's status answers scripted, a clock moved by hand. */
function harness(answers: { authoriser?: string; svc?: string } = {}) {
  let clock = 1_000_000;
  const periods = new Map<string, SvcPeriod>();
  const asked: string[] = [];
  let switched = 0;
  const book: ContingencyBook = {
    periodOf: (uf, ambiente) => periods.get(`${uf}|${ambiente}`),
    periods: () => [...periods.values()],
    refresh: () => Promise.resolve(),
    stop: () => undefined,
  };
  const status = { authoriser: answers.authoriser ?? '108', svc: answers.svc ?? '107' };
  const watch = startContingencyWatch(
    {
      book,
      askStatus: ({ uf, svc }) => {
        asked.push(`${svc ? 'svc' : 'authoriser'} ${uf}`);
        const cStat = svc ? status.svc : status.authoriser;
        return Promise.resolve(cStat === 'none' ? undefined : cStat);
      },
      openPeriod: (period) => {
        const key = `${period.uf}|${period.ambiente}`;
        if (periods.has(key)) return Promise.resolve(false);
        periods.set(key, period);
        return Promise.resolve(true);
      },
      closePeriod: (key) => Promise.resolve(periods.delete(`${key.uf}|${key.ambiente}`)),
      onSwitched: () => switched++,
    },
    { afterMs: 60_000, probeMs: 20, svcAskAgainMs: 30_000 },
    createLogger('silent'),
    () => clock,
  );
  watches.push(watch);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
  return {
    watch,
    periods,
    asked,
    status,
    switched: () => switched,
    /** The SVC's status questions (the probes of the authoriser run on their own timer). */
    svcAsks: () => asked.filter((a) => a.startsWith('svc')),
    tick: (ms: number) => (clock += ms),
    report: (r: Partial<ExchangeReport>) =>
      watch.exchanged({ ...SP, svc: false, cStat: undefined, ...r }),
    settle,
  };
}

const watches: ContingencyWatch[] = [];
afterEach(async () => {
  for (const w of watches.splice(0)) await w.stop();
});

describe('the contingency watch', () => {
  it('a 108 from the authoriser: the SVC is asked and, on 107, SP opens a period of its SVC (SVC-AN, tpEmis 6)', async () => {
    const h = harness();
    h.report({ cStat: '108' });
    await h.settle();
    expect(h.svcAsks()).toEqual(['svc SP']);
    expect([...h.periods.values()]).toMatchObject([
      { uf: 'SP', ambiente: 'homologacao', tpEmis: '6' },
    ]);
    const justification = h.periods.get('SP|homologacao')?.justification ?? '';
    expect(justification.length).toBeGreaterThanOrEqual(15);
    expect(justification).toContain('cStat 108');
    expect(h.switched()).toBe(1);
    // In contingency, more failures ask nothing more.
    h.report({ cStat: '108' });
    await h.settle();
    expect(h.svcAsks()).toHaveLength(1);
  });

  it('no answer: the SVC is asked only once the authoriser has been silent for afterMs; an answer in between starts the count again', async () => {
    const h = harness();
    h.report({ cStat: undefined });
    h.tick(59_000);
    h.report({ cStat: undefined });
    await h.settle();
    expect(h.asked).toEqual([]);
    h.report({ cStat: '100' }); // it served: the silence ends
    h.tick(2_000);
    h.report({ cStat: undefined });
    await h.settle();
    expect(h.asked).toEqual([]);
    h.tick(60_000);
    h.report({ cStat: undefined });
    await h.settle();
    expect(h.svcAsks()).toEqual(['svc SP']);
    expect(h.periods.size).toBe(1);
  });

  it('an SVC that is not on (114): no period, documents wait; asked again only after svcAskAgainMs', async () => {
    const h = harness({ svc: '114' });
    h.report({ cStat: '109' });
    await h.settle();
    h.report({ cStat: '109' });
    await h.settle();
    expect(h.asked).toEqual(['svc SP']);
    expect(h.periods.size).toBe(0);
    h.tick(30_000);
    h.status.svc = '107';
    h.report({ cStat: '109' });
    await h.settle();
    expect(h.svcAsks()).toEqual(['svc SP', 'svc SP']);
    expect(h.periods.size).toBe(1);
  });

  it("calls to the SVC never count as the authoriser's failures", async () => {
    const h = harness();
    h.report({ svc: true, cStat: undefined });
    h.tick(120_000);
    h.report({ svc: true, cStat: '108' });
    await h.settle();
    expect(h.asked).toEqual([]);
  });

  it('while SP is in SVC its authoriser is asked every probeMs; its first 107 closes the period', async () => {
    const h = harness();
    h.report({ cStat: '108' });
    await h.settle();
    expect(h.periods.size).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(h.asked.filter((a) => a === 'authoriser SP').length).toBeGreaterThan(0);
    expect(h.periods.size).toBe(1);
    h.status.authoriser = '107';
    await expect.poll(() => h.periods.size).toBe(0);
    expect(h.switched()).toBe(2);
  });
});

describe('contingencyTimings', () => {
  it('probes every half of SEFAZ_CONTINGENCY_AFTER_S, between 1 s and 30 s', () => {
    expect(contingencyTimings(60)).toEqual({
      afterMs: 60_000,
      probeMs: 30_000,
      svcAskAgainMs: 30_000,
    });
    expect(contingencyTimings(1).probeMs).toBe(1_000);
    expect(contingencyTimings(3_600).probeMs).toBe(30_000);
  });
});
