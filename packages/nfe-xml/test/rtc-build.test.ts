import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { XmlElement } from '@emissor/xml';
import { readXmlTree } from '@emissor/xml';

import {
  buildNfe,
  checkRtcDocument,
  readRtcDocument,
  type NfeIssue,
  type NfeRequest,
  type NfeTributoLinha,
  NfeValidationError,
} from '../src/index.js';
import { IBS_CBS_CSTS } from '../src/rtc/index.js';
import { PARAMS } from './fixtures.js';
import { HAVE_SHARED, leaves } from './helpers.js';
import {
  consistentLines,
  ibsCbsLines,
  normalItem,
  normalRequest,
  rtcLine,
  type SphereVariant,
} from './rtc-fixtures.js';
import { validateNfeXml, withPlaceholderSignature } from '@emissor/test-support';

/* The builder with IBS/CBS/IS lines: random documents over CSTs and reductions, their totals, and
   the issues that name the request line. */

/** A year outside the test-year rate rules, so rates may vary. */
const LATER = { ...PARAMS, issuedAt: new Date('2030-03-10T12:00:00Z') };

function issuesOf(request: NfeRequest, params = PARAMS): NfeIssue[] {
  try {
    buildNfe({ ...request, ...params });
  } catch (error) {
    if (error instanceof NfeValidationError) return [...error.issues];
    throw error;
  }
  return [];
}

const TRIBUTOS = (line: number) => ['itens', 0, 'fiscal_result', 'tributos', line];

/** Integer cents of a money leaf ("12.34" → 1234n). */
const cents = (text: string | undefined) => BigInt((text ?? 'x').replace('.', ''));

/** The CSTs whose values are the three sphere lines (gIBSCBS, or no group); rtc-groups.test.ts has the rest. */
const CSTS = [...IBS_CBS_CSTS.keys()].filter((cst) =>
  ['gIBSCBS', 'none'].includes(IBS_CBS_CSTS.get(cst)?.group ?? ''),
);
const money = (min: number, max: number) =>
  fc.integer({ min, max }).map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`);
const percent = fc.integer({ min: 1, max: 10000 }).map((c) => (c / 100).toFixed(2));
const rate = fc.integer({ min: 0, max: 2500 }).map((c) => (c / 100).toFixed(2));

/** One item: a CST, a base, the subgroups its indicators call for, rates, maybe an IS line. */
const rtcItem = fc
  .record({
    cst: fc.constantFrom(...CSTS),
    base: money(1, 9_999_999),
    reduction: percent,
    deferral: percent,
    returned: fc.option(money(1, 300), { nil: undefined }),
    rates: fc.record({ ibs_uf: rate, ibs_mun: rate, cbs: rate }),
    is: fc.option(fc.record({ base: money(0, 9_999_999), rate: rate }), { nil: undefined }),
  })
  .map((r) => {
    const row = IBS_CBS_CSTS.get(r.cst);
    const variant: SphereVariant = {
      ...(row?.reduction ? { reduction: r.reduction } : {}),
      ...(row?.deferral ? { deferral: r.deferral } : {}),
      ...(r.returned ? { returned: r.returned } : {}),
    };
    const lines: NfeTributoLinha[] = consistentLines(r.cst, r.base, variant, r.rates);
    if (r.is) {
      const vIS =
        (BigInt(r.is.base.replace('.', '')) * BigInt(r.is.rate.replace('.', '')) + 5000n) / 10000n;
      lines.push(
        rtcLine('is', {
          base_calc: r.is.base,
          aliquota: r.is.rate,
          valor: `${vIS / 100n}.${String(vIS % 100n).padStart(2, '0')}`,
        }),
      );
    }
    return normalItem(lines);
  });

describe('random IBS/CBS/IS documents (fast-check)', () => {
  it('build, validate under PL_010b, and their totals are the item sums to the cent', () => {
    fc.assert(
      fc.property(fc.array(rtcItem, { minLength: 1, maxLength: 6 }), (itens) => {
        const xml = buildNfe({ ...normalRequest(itens), ...LATER }).xml;
        if (HAVE_SHARED)
          expect(validateNfeXml(withPlaceholderSignature(xml), 'PL_010b_NT2025_002_v1.30')).toEqual(
            [],
          );
        const v = leaves(xml);
        const sum = (path: string) =>
          itens.reduce(
            (total, _, i) =>
              total +
              (v.has(`NFe/infNFe/det[${i + 1}]/${path}`)
                ? cents(v.get(`NFe/infNFe/det[${i + 1}]/${path}`))
                : 0n),
            0n,
          );
        const G = 'imposto/IBSCBS/gIBSCBS';
        const T = 'NFe/infNFe/total/IBSCBSTot';
        expect(cents(v.get(`${T}/vBCIBSCBS`))).toBe(sum(`${G}/vBC`));
        expect(cents(v.get(`${T}/gIBS/gIBSUF/vIBSUF`))).toBe(sum(`${G}/gIBSUF/vIBSUF`));
        expect(cents(v.get(`${T}/gIBS/gIBSMun/vIBSMun`))).toBe(sum(`${G}/gIBSMun/vIBSMun`));
        expect(cents(v.get(`${T}/gIBS/vIBS`))).toBe(sum(`${G}/vIBS`));
        expect(cents(v.get(`${T}/gCBS/vCBS`))).toBe(sum(`${G}/gCBS/vCBS`));
        expect(cents(v.get(`${T}/gIBS/gIBSUF/vDif`))).toBe(sum(`${G}/gIBSUF/gDif/vDif`));
        expect(cents(v.get(`${T}/gCBS/vDif`))).toBe(sum(`${G}/gCBS/gDif/vDif`));
        expect(cents(v.get(`${T}/gCBS/vDevTrib`))).toBe(sum(`${G}/gCBS/gDevTrib/vDevTrib`));
        if (v.has('NFe/infNFe/total/ISTot/vIS'))
          expect(cents(v.get('NFe/infNFe/total/ISTot/vIS'))).toBe(sum('imposto/IS/vIS'));
        // vIBS = vIBSUF + vIBSMun per item; vNFTot = Σ vItem = vNF (IBS/CBS/IS not added).
        itens.forEach((_, i) => {
          const at = (p: string) => v.get(`NFe/infNFe/det[${i + 1}]/${G}/${p}`);
          if (at('vIBS') !== undefined)
            expect(cents(at('vIBS'))).toBe(
              cents(at('gIBSUF/vIBSUF')) + cents(at('gIBSMun/vIBSMun')),
            );
        });
        expect(cents(v.get('NFe/infNFe/total/vNFTot'))).toBe(sum('vItem'));
        // A receiver reading the XML back (the local SEFAZ) finds nothing to reject.
        expect(checkRtcDocument(readRtcDocument(xml))).toEqual([]);
        expect(v.get('NFe/infNFe/total/vNFTot')).toBe(v.get('NFe/infNFe/total/ICMSTot/vNF'));
      }),
      { numRuns: 100 },
    );
  }, 120_000);

  it('a value moved more than 0.01 from its formula is an issue on that line and field', () => {
    fc.assert(
      fc.property(
        rtcItem,
        fc.constantFrom(1, 2, 3),
        fc.integer({ min: 2, max: 500 }),
        fc.boolean(),
        (item, lineIndex, delta, up) => {
          const lines = item.fiscal_result.tributos ?? [];
          const line = lines[lineIndex];
          if (!line) throw new Error('line expected');
          const value = BigInt(line.valor.replace('.', ''));
          const moved = up ? value + BigInt(delta) : value - BigInt(delta);
          fc.pre(moved >= 0n);
          fc.pre(IBS_CBS_CSTS.get(line.cst ?? '')?.group !== 'none');
          const changed = [...lines];
          changed[lineIndex] = {
            ...line,
            valor: `${moved / 100n}.${String(moved % 100n).padStart(2, '0')}`,
          };
          const issues = issuesOf(
            normalRequest([
              { ...item, fiscal_result: { ...item.fiscal_result, tributos: changed } },
            ]),
            LATER,
          );
          expect(issues).toContainEqual(
            expect.objectContaining({
              path: [...TRIBUTOS(lineIndex), 'valor'],
              type: 'ibs_cbs_rule',
            }),
          );
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);
});

describe('issues of IBS/CBS/IS lines', () => {
  const ok = ibsCbsLines('500', { uf: '0.50', cbs: '4.50' });

  it('the 2026 rates are checked from the document date (UB18-10, UB56-10); 2030 has none', () => {
    const wrong = ibsCbsLines('500', { uf: '0.50', cbs: '0.45' }).map((l) =>
      l.tax_domain === 'cbs' ? { ...l, aliquota: '0.09' } : l,
    );
    expect(issuesOf(normalRequest([normalItem(wrong)]))).toEqual([
      expect.objectContaining({
        path: [...TRIBUTOS(3), 'aliquota'],
        type: 'ibs_cbs_rule',
        message: expect.stringContaining('UB56-10'),
      }),
    ]);
    expect(issuesOf(normalRequest([normalItem(wrong)]), LATER)).toEqual([]);
  });

  it('one CST and one cClassTrib per item, one base for the three spheres', () => {
    const lines = [
      ok[0],
      { ...ok[1], cst: '010', classificacao_tributaria: '010001' },
      { ...ok[2], base_calc: '400' },
    ] as NfeTributoLinha[];
    expect(
      issuesOf(normalRequest([normalItem(lines)])).map((i) => [i.path.slice(4), i.type]),
    ).toEqual([
      [[2, 'cst'], 'ibs_cbs_code_conflict'],
      [[2, 'classificacao_tributaria'], 'ibs_cbs_code_conflict'],
      [[3, 'base_calc'], 'ibs_cbs_base_conflict'],
    ]);
  });

  it('a reduced base, ICMS-era fields and IS-only fields on an IBS/CBS line do not fit', () => {
    const lines = [
      { ...ok[0], base_calc_percent: '60' },
      { ...ok[1], mva: '40' },
      { ...ok[2], quantidade_tributavel: '1' },
    ] as NfeTributoLinha[];
    expect(
      issuesOf(normalRequest([normalItem(lines)])).map((i) => [i.path.slice(4), i.type]),
    ).toEqual([
      [[1], 'tax_line_mismatch'],
      [[2], 'tax_line_mismatch'],
      [[3], 'tax_line_mismatch'],
    ]);
  });

  it('a CST without gIBSCBS (410) refuses values (UB13-20); zero lines are fine', () => {
    const lines = consistentLines('410', '0');
    expect(issuesOf(normalRequest([normalItem(lines)]))).toEqual([]);
    const valued = consistentLines('000', '500').map((l) => ({
      ...l,
      cst: '410',
      classificacao_tributaria: '410001',
    }));
    expect(issuesOf(normalRequest([normalItem(valued)]))).toEqual([
      expect.objectContaining({
        path: TRIBUTOS(1),
        type: 'ibs_cbs_rule',
        message: expect.stringContaining('UB13-20 (SEFAZ rejection 1021)'),
      }),
    ]);
  });

  it('a missing rate or value is `missing` on the line; IS unit and quantity go together', () => {
    const lines = [
      { ...ok[0], aliquota: null },
      ok[1],
      ok[2],
      rtcLine('is', { base_calc: '500', aliquota: '1', valor: '5', unidade_tributavel: 'LT' }),
    ] as NfeTributoLinha[];
    expect(
      issuesOf(normalRequest([normalItem(lines)])).map((i) => [i.path.slice(4), i.type]),
    ).toEqual([
      [[1, 'aliquota'], 'missing'],
      [[4], 'tax_line_mismatch'],
    ]);
  });

  it('a duplicated domain is tax_line_duplicate; an unknown one lists the new domains', () => {
    const issues = issuesOf(
      normalRequest([normalItem([...ok, ok[2] as NfeTributoLinha, rtcLine('ibs' as never)])]),
    );
    expect(issues.map((i) => i.type)).toEqual(['tax_line_duplicate', 'literal_error']);
    expect(issues[1]?.message).toContain("'ibs_uf', 'ibs_mun', 'is'");
  });

  it('an effective rate or deferred value given by the caller is written as given and checked', () => {
    const lines = consistentLines('515', '1000.00', { reduction: '60', deferral: '50' }).map(
      (l) => ({
        ...l,
        aliquota_efetiva: l.tax_domain === 'cbs' ? '0.36' : undefined,
        valor_diferido: l.tax_domain === 'cbs' ? '1.80' : undefined,
      }),
    );
    const xml = buildNfe({ ...normalRequest([normalItem(lines)]), ...PARAMS }).xml;
    expect(xml).toContain(
      '<gCBS><pCBS>0.90</pCBS><gDif><pDif>50.00</pDif><vDif>1.80</vDif></gDif><gRed><pRedAliq>60.00</pRedAliq><pAliqEfet>0.36</pAliqEfet></gRed><vCBS>1.80</vCBS></gCBS>',
    );
    const wrong = lines.map((l) =>
      l.tax_domain === 'cbs' ? { ...l, valor_diferido: '1.90', valor: '1.70' } : l,
    );
    expect(issuesOf(normalRequest([normalItem(wrong)]))).toEqual([
      expect.objectContaining({
        path: [...TRIBUTOS(3), 'valor_diferido'],
        message: expect.stringContaining('UB61-10'),
      }),
    ]);
  });
});

describe('readRtcDocument: the rules on a received XML', () => {
  const xml = buildNfe({
    ...normalRequest([
      normalItem(consistentLines('000', '500.00')),
      normalItem([
        ...consistentLines('515', '1000.00', { reduction: '60', deferral: '50' }),
        rtcLine('is', { base_calc: '500', aliquota: '10', valor: '50' }),
      ]),
    ]),
    ...PARAMS,
  }).xml;

  it('reads what the builder wrote: no violation, values as written', () => {
    const doc = readRtcDocument(xml);
    expect(checkRtcDocument(doc, { year: 2026 })).toEqual([]);
    expect(doc.itens.map((i) => [i.nItem, i.IBSCBS?.CST, i.vItem, i.otherTaxes])).toEqual([
      [1, '000', '500.00', ['ICMS']],
      [2, '515', '500.00', ['ICMS']],
    ]);
    expect(doc.itens[1]?.IBSCBS?.gIBSCBS?.gCBS).toEqual({
      rate: '0.90',
      deferral: { pDif: '50.00', vDif: '1.80' },
      reduction: { pRedAliq: '60.00', pAliqEfet: '0.36' },
      value: '1.80',
    });
    expect(doc.vISTot).toBe('50.00');
  });

  it('finds a tampered value and the totals it no longer matches, also inside nfeProc with prefixes and whitespace', () => {
    const tampered = xml.replace('<vCBS>4.50</vCBS>', '<vCBS>4.60</vCBS>');
    expect(checkRtcDocument(readRtcDocument(tampered)).map((v) => [v.rule, v.item])).toEqual([
      ['UB67-10', 0],
      ['W56-10', undefined],
    ]);
    const wrapped = `<?xml version="1.0"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">\n  ${xml
      .replace(/<(\/?)(NFe|infNFe)([ >])/g, '<$1n:$2$3')
      .replace('<n:NFe xmlns=', '<n:NFe xmlns:n=')
      .replace('<vNFTot>', '\n <!-- total -->\n<vNFTot>')
      .replace('<vNFTot>1000.00', '<vNFTot>1000.01')}</nfeProc>`;
    expect(checkRtcDocument(readRtcDocument(wrapped)).map((v) => v.rule)).toEqual(['W60-10']);
  });

  it('reads an element already read as it reads the text, prefixes declared above it or not', () => {
    const prefixed = xml
      .replace(/<(\/?)(NFe|infNFe)([ >])/g, '<$1n:$2$3')
      .replace('<n:NFe xmlns=', '<n:NFe xmlns:n=');
    const infNFe = readXmlTree(prefixed).children[0];
    expect(infNFe?.localName).toBe('infNFe');
    expect(readRtcDocument(infNFe as XmlElement)).toEqual(readRtcDocument(xml));
  });
});
