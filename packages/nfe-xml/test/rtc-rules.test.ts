import { describe, expect, it } from 'vitest';

import {
  checkRtcDocument,
  decimal,
  decimalToString,
  deferredValue,
  effectiveRate,
  type RtcDocument,
  type RtcGIbsCbs,
  type RtcItem,
  sphereValue,
  sumIbsCbsTotals,
  sumItemTotals,
} from '../src/index.js';

/* The pure rule module (src/rtc): the research's test vectors and one case per rule. */

const d = (text: string) => decimal(text);
const show = (text: string) => decimalToString(d(text));

describe('test vectors of shared/research/ibs-cbs.md §4.2', () => {
  it('effective rate: 10 % with a 40 % reduction and a 5 % government reducer is 5.7 %', () => {
    expect(decimalToString(effectiveRate(d('10'), d('40'), d('5')))).toBe('5.7');
  });

  it('effective rate: 0.9 % with 60 % and a 3.33 % reducer is 0.348 % (4 places)', () => {
    expect(decimalToString(effectiveRate(d('0.9'), d('60'), d('3.33')))).toBe('0.348');
  });

  it('cClassTrib 200034: CBS 0.90 % with a 60 % reduction is 0.36 %, 3.60 on 1000.00', () => {
    const rate = effectiveRate(d('0.90'), d('60'));
    expect(decimalToString(rate)).toBe('0.36');
    expect(decimalToString(sphereValue(d('1000.00'), rate))).toBe('3.6');
  });

  it('vBC 1000, pCBS 0.90, 50 % deferred, 1.00 returned: vDif 4.50 and vCBS 3.50', () => {
    const vDif = deferredValue(d('1000'), d('0.90'), d('50'));
    expect(decimalToString(vDif)).toBe('4.5');
    expect(decimalToString(sphereValue(d('1000'), d('0.90'), vDif, d('1.00')))).toBe('3.5');
  });

  it('the 2026 default on a base of 72.75: IBS UF 0.07, IBS Mun 0.00, CBS 0.65', () => {
    expect(
      [d('0.10'), d('0'), d('0.90')].map((rate) => decimalToString(sphereValue(d('72.75'), rate))),
    ).toEqual(['0.07', '0', '0.65']);
  });
});

/** A consistent item: CST 000 on `vBC` at the 2026 rates. */
function group(vBC = '1000.00', overrides: Partial<RtcGIbsCbs> = {}): RtcGIbsCbs {
  return {
    vBC,
    gIBSUF: { rate: '0.10', value: '1.00' },
    gIBSMun: { rate: '0', value: '0.00' },
    vIBS: '1.00',
    gCBS: { rate: '0.90', value: '9.00' },
    ...overrides,
  };
}

function item(g: RtcGIbsCbs | undefined, extra: Partial<RtcItem> = {}): RtcItem {
  return {
    nItem: 1,
    IBSCBS: { CST: '000', cClassTrib: '000001', ...(g ? { gIBSCBS: g } : {}) },
    vItem: '1000.00',
    values: { vProd: '1000.00' },
    ...extra,
  };
}

/** A document of these items with its totals summed as the builder does. */
function doc(itens: RtcItem[], overrides: Partial<RtcDocument> = {}): RtcDocument {
  const groups = itens.flatMap((i) => (i.IBSCBS?.gIBSCBS ? [i.IBSCBS.gIBSCBS] : []));
  return {
    finNFe: '1',
    itens,
    IBSCBSTot: sumIbsCbsTotals(groups),
    vNFTot: sumItemTotals(itens),
    ...overrides,
  };
}

const rules = (document: RtcDocument, options = {}) =>
  checkRtcDocument(document, options).map((v) => v.rule);

describe('checkRtcDocument', () => {
  it('passes a consistent document', () => {
    expect(checkRtcDocument(doc([item(group())]), { year: 2026 })).toEqual([]);
  });

  it('UB13-10 (1020): a CST that is not in the table', () => {
    const v = checkRtcDocument(
      doc([item(group(), { IBSCBS: { CST: '999', cClassTrib: '999001', gIBSCBS: group() } })]),
    );
    expect(v).toContainEqual(
      expect.objectContaining({ rule: 'UB13-10', cStat: 1020, item: 0, field: 'IBSCBS/CST' }),
    );
  });

  it('UB14-20 (1024): a cClassTrib of another CST', () => {
    expect(
      rules(
        doc([item(group(), { IBSCBS: { CST: '000', cClassTrib: '200034', gIBSCBS: group() } })]),
      ),
    ).toEqual(['UB14-20']);
  });

  it('UB13-20 (1021): gIBSCBS on a CST without it (410)', () => {
    expect(
      rules(
        doc([item(group(), { IBSCBS: { CST: '410', cClassTrib: '410001', gIBSCBS: group() } })]),
      ),
    ).toEqual(['UB13-20']);
  });

  it('UB13-30 (1022): no gIBSCBS on a CST that needs it', () => {
    expect(rules(doc([item(undefined)]))).toEqual(['UB13-30']);
  });

  it('a CST without gIBSCBS (410) passes without it', () => {
    expect(rules(doc([item(undefined, { IBSCBS: { CST: '410', cClassTrib: '410001' } })]))).toEqual(
      [],
    );
  });

  it('gDif on a CST without deferral (1029, 1083, 1090), and missing on CST 510 (UB22-20…)', () => {
    const deferred = { rate: '0.90', deferral: { pDif: '50', vDif: '4.50' }, value: '4.50' };
    expect(rules(doc([item(group('1000.00', { gCBS: deferred }))]))).toEqual(['UB59-20']);
    const v = checkRtcDocument(
      doc([item(group(), { IBSCBS: { CST: '510', cClassTrib: '510001', gIBSCBS: group() } })]),
    );
    expect(v.map((x) => [x.rule, x.cStat])).toEqual([
      ['UB22-20', 1030],
      ['UB40-10', 1044],
      ['UB59-10', 1061],
    ]);
  });

  it('gRed required by CST 200 where the rate is above 0 (1033, 1079), not on the zero-rate sphere', () => {
    const v = checkRtcDocument(
      doc([item(group(), { IBSCBS: { CST: '200', cClassTrib: '200034', gIBSCBS: group() } })]),
    );
    expect(v.map((x) => [x.rule, x.cStat, x.field])).toEqual([
      ['UB26-20', 1033, 'IBSCBS/gIBSCBS/gIBSUF/gRed'],
      ['UB64-20', 1079, 'IBSCBS/gIBSCBS/gCBS/gRed'],
    ]);
  });

  it('gRed forbidden on CST 000, allowed there in a government purchase', () => {
    const reduced = {
      rate: '0.90',
      reduction: { pRedAliq: '0', pAliqEfet: '0.90' },
      value: '9.00',
    };
    expect(rules(doc([item(group('1000.00', { gCBS: reduced }))]))).toEqual(['UB64-10']);
    // With gCompraGov every sphere with a rate needs gRed; pAliqEfet includes the reducer.
    const gov = (rate: string, efet: string, value: string) => ({
      rate,
      reduction: { pRedAliq: '0', pAliqEfet: efet },
      value,
    });
    // …and gTribCompraGov, whose split adds up to the taxes (UB82a-10, UB82a-20).
    const gTribCompraGov = {
      pAliqIBSUF: '0.10',
      vTribIBSUF: '0.95',
      pAliqIBSMun: '0',
      vTribIBSMun: '0.00',
      pAliqCBS: '0.90',
      vTribCBS: '8.55',
    };
    const g = group('1000.00', {
      gIBSUF: gov('0.10', '0.095', '0.95'),
      vIBS: '0.95',
      gCBS: gov('0.90', '0.855', '8.55'),
      gTribCompraGov,
    });
    expect(rules(doc([item(g)], { pRedutor: '5' }))).toEqual([]);
    expect(rules(doc([item(group())], { pRedutor: '5' }))).toEqual([
      'UB26-20',
      'UB64-20',
      'UB82a-10',
    ]);
    expect(
      rules(
        doc([item({ ...g, gTribCompraGov: { ...gTribCompraGov, vTribCBS: '8.60' } })], {
          pRedutor: '5',
        }),
      ),
    ).toEqual(['UB82a-20']);
    expect(rules(doc([item(group('1000.00', { gTribCompraGov }))]))).toEqual([
      'UB82a-30',
      'UB82a-20',
    ]);
  });

  it('UB28-10/UB66-10: pAliqEfet must follow the rate and the reduction (±0.0001)', () => {
    const ok = { rate: '0.90', reduction: { pRedAliq: '60', pAliqEfet: '0.36' }, value: '3.60' };
    const at200 = (cbs: typeof ok) => {
      const g = group('1000.00', {
        gIBSUF: { rate: '0.10', reduction: { pRedAliq: '60', pAliqEfet: '0.04' }, value: '0.40' },
        vIBS: '0.40',
        gCBS: cbs,
      });
      return doc([item(g, { IBSCBS: { CST: '200', cClassTrib: '200034', gIBSCBS: g } })]);
    };
    expect(rules(at200(ok))).toEqual([]);
    expect(rules(at200({ ...ok, reduction: { pRedAliq: '60', pAliqEfet: '0.3601' } }))).toEqual([]);
    expect(
      rules(at200({ ...ok, reduction: { pRedAliq: '60', pAliqEfet: '0.37' }, value: '3.70' })),
    ).toEqual(['UB66-10']);
  });

  it('UB35-10/UB54-10/UB67-10: each value within 0.01 of vBC × rate/100 − vDif − vDevTrib', () => {
    const cbs = (value: string) => group('1000.00', { gCBS: { rate: '0.90', value } });
    expect(rules(doc([item(cbs('9.01'))]))).toEqual([]);
    expect(rules(doc([item(cbs('8.99'))]))).toEqual([]);
    const v = checkRtcDocument(doc([item(cbs('9.02'))]));
    expect(v.map((x) => [x.rule, x.cStat, x.field])).toEqual([
      ['UB67-10', 1069, 'IBSCBS/gIBSCBS/gCBS/vCBS'],
    ]);
    const uf = group('1000.00', { gIBSUF: { rate: '0.10', value: '1.50' }, vIBS: '1.50' });
    expect(rules(doc([item(uf)]))).toEqual(['UB35-10']);
    const mun = group('1000.00', { gIBSMun: { rate: '0', value: '0.02' }, vIBS: '1.02' });
    expect(rules(doc([item(mun)]))).toEqual(['UB54-10']);
  });

  it('the deferral vector passes on CST 510 and a wrong vDif is UB61-10', () => {
    const sphere = (rate: string, vDif: string, value: string, vDevTrib?: string) => ({
      rate,
      deferral: { pDif: '50', vDif },
      ...(vDevTrib ? { vDevTrib } : {}),
      value,
    });
    const g = (cbsDif: string) =>
      group('1000.00', {
        gIBSUF: sphere('0.10', '0.50', '0.50'),
        gIBSMun: sphere('0', '0.00', '0.00'),
        vIBS: '0.50',
        gCBS: sphere('0.90', cbsDif, '3.50', '1.00'),
      });
    const at510 = (x: RtcGIbsCbs) =>
      doc([item(x, { IBSCBS: { CST: '510', cClassTrib: '510001', gIBSCBS: x } })]);
    expect(rules(at510(g('4.50')))).toEqual([]);
    expect(rules(at510(g('4.60')))).toEqual(['UB61-10', 'UB67-10']);
  });

  it('UB54a-10 (1150): vIBS = vIBSUF + vIBSMun exactly', () => {
    expect(rules(doc([item(group('1000.00', { vIBS: '1.01' }))]))).toEqual(['UB54a-10']);
  });

  it('rates of the test years only when the year is given (UB18-10, UB37-10, UB56-10)', () => {
    const wrong = group('1000.00', {
      gIBSUF: { rate: '0.05', value: '0.50' },
      gIBSMun: { rate: '0.05', value: '0.50' },
      vIBS: '1.00',
      gCBS: { rate: '0.09', value: '0.90' },
    });
    expect(rules(doc([item(wrong)]))).toEqual([]);
    expect(checkRtcDocument(doc([item(wrong)]), { year: 2026 }).map((v) => v.cStat)).toEqual([
      1026, 1036, 1037,
    ]);
    expect(rules(doc([item(wrong)]), { year: 2027 })).toEqual([]);
    expect(rules(doc([item(group())]), { year: 2027 })).toEqual(['UB18-10']);
    const zero = group('1000.00', {
      gIBSUF: { rate: '0', value: '0' },
      vIBS: '0',
      gCBS: { rate: '0', value: '0' },
    });
    expect(rules(doc([item(zero)]), { year: 2026 })).toEqual([]);
  });

  it('UB12-10 (1115): every item needs IBSCBS when the obligation is in force', () => {
    const bare: RtcItem = { nItem: 2, vItem: '10.00' };
    expect(rules(doc([item(group()), bare]))).toEqual([]);
    expect(checkRtcDocument(doc([item(group()), bare]), { requireIbsCbs: true })).toEqual([
      expect.objectContaining({ rule: 'UB12-10', cStat: 1115, item: 1 }),
    ]);
  });

  it('B25-80 (1001): a credit or debit note carries only IBS/CBS', () => {
    const withIcms = item(group(), { otherTaxes: ['ICMS', 'PIS'] });
    expect(rules(doc([withIcms]))).toEqual([]);
    expect(rules(doc([withIcms], { finNFe: '5' }))).toEqual(['B25-80']);
    expect(rules(doc([item(group())], { finNFe: '6' }))).toEqual([]);
  });

  it('W34-10 (1118) and W34-20 (1119): IBSCBSTot present exactly when some item has IBSCBS', () => {
    const plain: RtcItem = { nItem: 1, vItem: '1000.00' };
    expect(rules(doc([plain], { IBSCBSTot: sumIbsCbsTotals([]) }))).toEqual(['W34-10']);
    expect(rules(doc([item(group())], { IBSCBSTot: undefined }))).toEqual(['W34-20']);
  });

  it('W60-05 (1004) and W60-10 (1094): vNFTot present with IBSCBSTot and equal to Σ vItem (indTot=1)', () => {
    expect(rules(doc([item(group())], { vNFTot: undefined }))).toEqual(['W60-05']);
    expect(rules(doc([item(group())], { vNFTot: '1000.01' }))).toEqual(['W60-10']);
    const second = item(group(), {
      nItem: 2,
      indTot: '0',
      vItem: '5.00',
      values: { vProd: '5.00' },
    });
    const both = doc([item(group()), second]);
    expect(both.vNFTot).toBe('1000.00');
    expect(rules(both)).toEqual([]);
  });

  it('VB01-05 and VB01-10 (1105): vItem in every det, equal to its parts without IBS/CBS/IS', () => {
    expect(rules(doc([item(group(), { vItem: undefined })], { vNFTot: '0.00' }))).toContain(
      'VB01-05',
    );
    const parts = {
      vProd: '1000.00',
      vICMSST: '50.00',
      vFCPST: '2.00',
      vIPI: '100.00',
      vDesc: '10.00',
    };
    expect(rules(doc([item(group(), { values: parts, vItem: '1142.00' })]))).toEqual([]);
    // Adding the item's IBS (1.00) and CBS (9.00), the 2027 reading before NT 2026.008, is refused.
    expect(rules(doc([item(group(), { values: parts, vItem: '1152.00' })]))).toEqual(['VB01-10']);
  });

  it('W47-10 (1085), W56-10 (1091) and every other IBSCBSTot field: the sums of the items', () => {
    const document = doc([
      item(group()),
      item(
        group('500.00', {
          gIBSUF: { rate: '0.10', value: '0.50' },
          vIBS: '0.50',
          gCBS: { rate: '0.90', value: '4.50' },
        }),
        { nItem: 2 },
      ),
    ]);
    const tot = document.IBSCBSTot;
    if (!tot?.gIBS || !tot.gCBS) throw new Error('totals expected');
    expect([tot.vBCIBSCBS, tot.gIBS.vIBS, tot.gCBS.vCBS]).toEqual(['1500.00', '1.50', '13.50']);
    expect(rules(document)).toEqual([]);
    const broken: RtcDocument = {
      ...document,
      IBSCBSTot: {
        ...tot,
        vBCIBSCBS: '1500.01',
        gIBS: { ...tot.gIBS, vIBS: '1.49' },
        gCBS: { ...tot.gCBS, vCBS: '13.51', vCredPres: '0.01' },
      },
    };
    expect(checkRtcDocument(broken).map((v) => [v.rule, v.field])).toEqual([
      ['IBSCBSTot-sum', 'total/IBSCBSTot/vBCIBSCBS'],
      ['W47-10', 'total/IBSCBSTot/gIBS/vIBS'],
      ['W56-10', 'total/IBSCBSTot/gCBS/vCBS'],
      ['IBSCBSTot-sum', 'total/IBSCBSTot/gCBS/vCredPres'],
    ]);
  });

  it('IS: vIS = vBCIS × pIS/100 (±0.01, UB11-10), ISTot = Σ vIS, values together', () => {
    const is = (vIS: string) => ({
      CSTIS: '000',
      cClassTribIS: '000001',
      vBCIS: '100.00',
      pIS: '25',
      vIS,
    });
    expect(rules(doc([item(group(), { IS: is('25.00') })], { vISTot: '25.00' }))).toEqual([]);
    expect(rules(doc([item(group(), { IS: is('25.02') })], { vISTot: '25.02' }))).toEqual([
      'UB11-10',
    ]);
    expect(rules(doc([item(group(), { IS: is('25.00') })], { vISTot: '25.01' }))).toEqual([
      'ISTot-sum',
    ]);
    expect(rules(doc([item(group(), { IS: is('25.00') })]))).toEqual(['ISTot-sum']);
    expect(rules(doc([item(group())], { vISTot: '0.00' }))).toEqual(['ISTot-sum']);
    expect(
      rules(
        doc([item(group(), { IS: { CSTIS: '000', cClassTribIS: '000001', vIS: '1.00' } })], {
          vISTot: '1.00',
        }),
      ),
    ).toEqual(['IS-schema']);
  });

  it('values read as written: show() of the messages uses plain decimals', () => {
    const [v] = checkRtcDocument(
      doc([item(group('1000.00', { gCBS: { rate: '0.90', value: '9.50' } }))]),
    );
    expect(v?.message).toContain(`vCBS ${show('9.50')} should be 9`);
  });
});

describe('the README example', () => {
  it('passes with vCBS 9.01 and is UB67-10 with 9.02', () => {
    const gIBSCBS = (vCBS: string): RtcGIbsCbs => ({
      vBC: '1000.00',
      gIBSUF: { rate: '0.10', value: '1.00' },
      gIBSMun: { rate: '0.00', value: '0.00' },
      vIBS: '1.00',
      gCBS: { rate: '0.90', value: vCBS },
    });
    const document = (vCBS: string): RtcDocument => ({
      finNFe: '1',
      itens: [
        {
          nItem: 1,
          IBSCBS: { CST: '000', cClassTrib: '000001', gIBSCBS: gIBSCBS(vCBS) },
          vItem: '1000.00',
          values: { vProd: '1000.00' },
        },
      ],
      IBSCBSTot: sumIbsCbsTotals([gIBSCBS(vCBS)]),
      vNFTot: '1000.00',
    });
    expect(checkRtcDocument(document('9.01'), { year: 2026 })).toEqual([]);
    expect(checkRtcDocument(document('9.02'), { year: 2026 })).toEqual([
      expect.objectContaining({
        rule: 'UB67-10',
        cStat: 1069,
        item: 0,
        field: 'IBSCBS/gIBSCBS/gCBS/vCBS',
      }),
    ]);
  });
});
