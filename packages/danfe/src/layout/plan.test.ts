import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { Item } from '../model/types.js';
import { ROW_LINE } from './geometry.js';
import { rowsHeight, type ItemRows } from './item-rows.js';
import { joinLines, wrapText, type Line, type Measure } from './measure.js';
import { planSheets } from './plan.js';

/** 1 pt per character: enough to exercise wrapping without a PDF writer. */
const measure: Measure = (text) => text.length;

const fakeRows = (rows: number): ItemRows => ({
  item: {} as Item,
  code: ['x'],
  description: Array.from({ length: rows }, () => 'd'),
  extra: [],
  rows,
});

const lines = (n: number): Line[] =>
  Array.from({ length: n }, (_, i) => ({ text: `line${i}`, joiner: ' ' as const }));

describe('planSheets', () => {
  it('places every row of every item exactly once, in order, within each sheet', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 120 }), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 0, max: 400 }),
        (counts, firstItemsHeight) => {
          const nextRegionHeight = 600;
          const header = 24;
          const plan = planSheets({
            items: counts.map(fakeRows),
            firstItemsHeight,
            nextRegionHeight,
            productsHeaderHeight: header,
            infoLines: [],
            firstInfoCapacity: 10,
            wrapContinuation: () => [],
            continuationNote: (n) => `(CONTINUA NA FOLHA ${n})`,
          });
          const seen: string[] = [];
          plan.sheets.forEach((sheet, s) => {
            const capacity = s === 0 ? firstItemsHeight : nextRegionHeight - header;
            const used = sheet.pieces.reduce((a, p) => a + rowsHeight(p.to - p.from), 0);
            expect(used).toBeLessThanOrEqual(capacity);
            for (const p of sheet.pieces) {
              for (let r = p.from; r < p.to; r++) seen.push(`${p.index}:${r}`);
            }
            // No sheet after the first is empty: no blank or duplicated pages.
            if (s > 0) expect(sheet.pieces.length + sheet.info.length).toBeGreaterThan(0);
          });
          const expected = counts.flatMap((n, i) =>
            Array.from({ length: n }, (_, r) => `${i}:${r}`),
          );
          expect(seen).toEqual(expected);
        },
      ),
    );
  });

  it('moves an item that fits a sheet whole, never splitting it', () => {
    const plan = planSheets({
      items: [fakeRows(3), fakeRows(3)],
      firstItemsHeight: rowsHeight(3) + rowsHeight(2),
      nextRegionHeight: 400,
      productsHeaderHeight: 20,
      infoLines: [],
      firstInfoCapacity: 5,
      wrapContinuation: () => [],
      continuationNote: () => '',
    });
    expect(plan.sheets.map((s) => s.pieces)).toEqual([
      [{ index: 0, from: 0, to: 3 }],
      [{ index: 1, from: 0, to: 3 }],
    ]);
  });

  it('continues Informações Complementares after the items, then on new sheets, keeping every line', () => {
    const info = lines(300);
    const plan = planSheets({
      items: [fakeRows(1)],
      firstItemsHeight: 100,
      nextRegionHeight: 40 * ROW_LINE,
      productsHeaderHeight: 20,
      infoLines: info,
      firstInfoCapacity: 10,
      wrapContinuation: (text) => text.split(' ').map((t) => ({ text: t, joiner: ' ' as const })),
      continuationNote: (n) => `(CONTINUA NA FOLHA ${n})`,
    });
    expect(plan.firstInfo).toHaveLength(10);
    expect(plan.firstInfo[9]).toBe('(CONTINUA NA FOLHA 2)');
    expect(plan.infoContinuesOn).toBe(2);
    const all = [...plan.firstInfo.slice(0, 9), ...plan.sheets.flatMap((s) => s.info)];
    expect(all).toEqual(info.map((l) => l.text));
    expect(plan.sheets.length).toBeGreaterThan(2);
  });

  it('keeps short text in the first box', () => {
    const plan = planSheets({
      items: [fakeRows(1)],
      firstItemsHeight: 100,
      nextRegionHeight: 500,
      productsHeaderHeight: 20,
      infoLines: lines(10),
      firstInfoCapacity: 10,
      wrapContinuation: () => [],
      continuationNote: () => 'never',
    });
    expect(plan.sheets).toHaveLength(1);
    expect(plan.firstInfo).toHaveLength(10);
  });
});

describe('wrapText', () => {
  it('fits every line and loses no character (up to collapsed spaces)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z]{1,30}$/), { maxLength: 60 }),
        fc.integer({ min: 1, max: 40 }),
        (words, width) => {
          const text = words.join(' ');
          const wrapped = wrapText(text, width, 'Times-Roman', 6, measure);
          for (const l of wrapped)
            expect(measure(l.text, 'Times-Roman', 6)).toBeLessThanOrEqual(width);
          expect(joinLines(wrapped)).toBe(text);
        },
      ),
    );
  });

  it('keeps paragraph breaks', () => {
    const wrapped = wrapText('ab cd\nef', 5, 'Times-Roman', 6, measure);
    expect(wrapped.map((l) => l.text)).toEqual(['ab cd', 'ef']);
    expect(joinLines(wrapped)).toBe('ab cd\nef');
  });
});
