import { describe, expect, it } from 'vitest';

import {
  buildNfe,
  chaveAcesso,
  modulo11CheckDigit,
  type NfeIssue,
  type NfeSvcContingency,
  NfeValidationError,
  prepareNfe,
} from '../src/index.js';
import { PARAMS, request } from './fixtures.js';
import { fullRequest } from './header-trailer-fixtures.js';
import { expectValidCanonical, HAVE_SHARED } from './helpers.js';

/*
 * SVC contingency (sefaz.md §9): `render` with `contingency` writes its tpEmis (and the chave's),
 * then dhCont and xJust right after verProc; without it nothing changes.
 */

const DAY_MS = 24 * 3_600_000;

/** SVC-AN since 18:00 in São Paulo, an hour and a half before PARAMS' 19:30:00-03:00. */
const SVC_AN: NfeSvcContingency = {
  tpEmis: '6',
  since: new Date('2026-11-21T21:00:00Z'),
  justification: 'SEFAZ-SP fora do ar & sem previsão <status 109>',
};

function issuesOf(fn: () => unknown): readonly NfeIssue[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof NfeValidationError) return error.issues;
    throw error;
  }
  throw new Error('expected an NfeValidationError');
}

/** The issues of SVC_AN with `fields` replaced, by values of any type a JavaScript caller may pass. */
function renderIssues(fields: Readonly<Record<string, unknown>>): readonly NfeIssue[] {
  const prepared = prepareNfe(request());
  return issuesOf(() => prepared.render({ ...PARAMS, contingency: { ...SVC_AN, ...fields } }));
}

const brief = (found: readonly NfeIssue[]) => found.map((i) => ({ path: i.path, type: i.type }));

/** The names of ide's child elements, in document order. */
function ideChildren(xml: string): string[] {
  const ide = /<ide>(.*)<\/ide>/.exec(xml)?.[1] ?? '';
  const names: string[] = [];
  let depth = 0;
  for (const [, closing, name = ''] of ide.matchAll(/<(\/?)([A-Za-z]+)[^>]*>/g)) {
    if (closing) depth--;
    else if (depth++ === 0) names.push(name);
  }
  return names;
}

describe('render in SVC contingency', () => {
  it('writes tpEmis 6, dhCont in the state offset and xJust escaped, and is schema-valid', () => {
    const { xml } = prepareNfe(request()).render({ ...PARAMS, contingency: SVC_AN });
    expect(xml).toContain('<tpImp>1</tpImp><tpEmis>6</tpEmis><cDV>');
    expect(xml).toContain(
      '</verProc><dhCont>2026-11-21T18:00:00-03:00</dhCont>' +
        '<xJust>SEFAZ-SP fora do ar &amp; sem previsão &lt;status 109&gt;</xJust></ide>',
    );
    if (HAVE_SHARED) expectValidCanonical(xml);
  });

  it('puts tpEmis in position 35 of the chave, with its own cDV, in Id and cDV', () => {
    const normal = buildNfe({ ...request(), ...PARAMS });
    const { xml, chave } = prepareNfe(request()).render({ ...PARAMS, contingency: SVC_AN });
    expect(chave).toBe(
      chaveAcesso({
        cUF: '35',
        aamm: '2611',
        cnpj: request().emitente.cnpj,
        serie: 1,
        numero: PARAMS.numero,
        tpEmis: '6',
        codigoNumerico: PARAMS.codigoNumerico,
      }),
    );
    expect(chave.charAt(34)).toBe('6');
    expect(chave.charAt(43)).toBe(modulo11CheckDigit(chave.slice(0, 43)));
    // Only tpEmis and the check digit differ from the normal emission's chave.
    expect(chave.slice(0, 34) + chave.slice(35, 43)).toBe(
      normal.chave.slice(0, 34) + normal.chave.slice(35, 43),
    );
    expect(normal.chave.charAt(34)).toBe('1');
    expect(xml).toContain(`<infNFe Id="NFe${chave}" versao="4.00">`);
    expect(xml).toContain(`<cDV>${chave.charAt(43)}</cDV>`);
  });

  it("replaces the request's tp_emis (SVC-RS, 7)", () => {
    const { xml, chave } = prepareNfe(request({ tp_emis: '6' })).render({
      ...PARAMS,
      contingency: { ...SVC_AN, tpEmis: '7' },
    });
    expect(chave.charAt(34)).toBe('7');
    expect(xml).toContain('<tpEmis>7</tpEmis>');
    expect(xml).not.toContain('<tpEmis>6</tpEmis>');
    if (HAVE_SHARED) expectValidCanonical(xml);
  });

  it('writes dhCont and xJust between verProc and NFref (ide order of the layout)', () => {
    const { xml } = prepareNfe(fullRequest()).render({ ...PARAMS, contingency: SVC_AN });
    const names = ideChildren(xml);
    const at = names.indexOf('verProc');
    expect(names.slice(at - 1, at + 4)).toEqual(['procEmi', 'verProc', 'dhCont', 'xJust', 'NFref']);
    expect(names.filter((n) => n === 'NFref')).toHaveLength(7);
    expect(names.slice(names.indexOf('tpImp'), names.indexOf('tpAmb') + 1)).toEqual([
      'tpImp',
      'tpEmis',
      'cDV',
      'tpAmb',
    ]);
    if (HAVE_SHARED) expectValidCanonical(xml);
  });

  it('renders the same prepared request normally again, byte for byte', () => {
    const prepared = prepareNfe(fullRequest());
    const before = prepared.render(PARAMS);
    prepared.render({ ...PARAMS, contingency: SVC_AN });
    expect(prepared.render(PARAMS)).toEqual(before);
    expect(before).toEqual(buildNfe({ ...fullRequest(), ...PARAMS }));
    expect(before.xml).not.toMatch(/dhCont|xJust/);
  });

  it('writes whole seconds and accepts the limits: the instant of issue, and 30 days before it', () => {
    const prepared = prepareNfe(request());
    const issued = PARAMS.issuedAt.getTime();
    const at = (ms: number) =>
      prepared.render({ ...PARAMS, contingency: { ...SVC_AN, since: new Date(ms) } }).xml;
    // 0.9 s after dhEmi is the same second as dhEmi once fractions are dropped.
    expect(at(issued + 900)).toContain('<dhCont>2026-11-21T19:30:00-03:00</dhCont>');
    expect(at(issued - 30 * DAY_MS)).toContain('<dhCont>2026-10-22T19:30:00-03:00</dhCont>');
  });

  it('takes a justification of 15 and of 256 characters (TString)', () => {
    for (const justification of ['Sefaz fora 15c.', `${'Ç'.repeat(255)}.`]) {
      const { xml } = prepareNfe(request()).render({
        ...PARAMS,
        contingency: { ...SVC_AN, justification },
      });
      expect(xml).toContain(`<xJust>${justification}</xJust>`);
      if (HAVE_SHARED) expectValidCanonical(xml);
    }
  });
});

describe('render refuses a contingency SEFAZ or the layout would refuse', () => {
  it('a justification shorter than 15 or longer than 256 characters, or with edge spaces', () => {
    expect(brief(renderIssues({ justification: 'Sefaz fora 14c' }))).toEqual([
      { path: ['contingency', 'justification'], type: 'string_too_short' },
    ]);
    expect(brief(renderIssues({ justification: 'x'.repeat(257) }))).toEqual([
      { path: ['contingency', 'justification'], type: 'string_too_long' },
    ]);
    expect(brief(renderIssues({ justification: ' SEFAZ fora do ar desde as 18h' }))).toEqual([
      { path: ['contingency', 'justification'], type: 'string_pattern_mismatch' },
    ]);
    expect(brief(renderIssues({ justification: undefined }))).toEqual([
      { path: ['contingency', 'justification'], type: 'missing' },
    ]);
  });

  it('a tpEmis other than 6 or 7', () => {
    for (const tpEmis of ['1', '4', '5', 6, undefined])
      expect(brief(renderIssues({ tpEmis }))).toEqual([
        {
          path: ['contingency', 'tpEmis'],
          type: tpEmis === undefined ? 'missing' : 'literal_error',
        },
      ]);
  });

  it('a contingency that begins after the instant of issue (558)', () => {
    const found = renderIssues({ since: new Date(PARAMS.issuedAt.getTime() + 1000) });
    expect(brief(found)).toEqual([{ path: ['contingency', 'since'], type: 'nfe_rule' }]);
    expect(found[0]?.message).toMatch(/^SEFAZ rejection 558 \(Data de entrada em contingência/);
  });

  it('a contingency that began more than 30 days before the instant of issue (569)', () => {
    const found = renderIssues({
      since: new Date(PARAMS.issuedAt.getTime() - 30 * DAY_MS - 1000),
    });
    expect(brief(found)).toEqual([{ path: ['contingency', 'since'], type: 'nfe_rule' }]);
    expect(found[0]?.message).toMatch(/^SEFAZ rejection 569 \(Data de entrada em contingência/);
  });

  it('an instant that is no date, or outside the years TDateTimeUTC writes', () => {
    for (const since of [new Date(Number.NaN), '2026-11-21T18:00:00-03:00', new Date('1999-12-01')])
      expect(brief(renderIssues({ since }))).toEqual([
        { path: ['contingency', 'since'], type: 'datetime_out_of_range' },
      ]);
  });

  it('reports every issue at once, with the other per-emission ones', () => {
    const prepared = prepareNfe(request());
    const found = issuesOf(() =>
      prepared.render({
        ...PARAMS,
        numero: 0,
        contingency: { tpEmis: '1' as '6', since: new Date(Number.NaN), justification: 'curta' },
      }),
    );
    expect(brief(found)).toEqual([
      { path: ['numero'], type: 'number_out_of_range' },
      { path: ['contingency', 'tpEmis'], type: 'literal_error' },
      { path: ['contingency', 'justification'], type: 'string_too_short' },
      { path: ['contingency', 'since'], type: 'datetime_out_of_range' },
    ]);
  });

  it('checks the contingency against the instant only once the instant is valid', () => {
    const prepared = prepareNfe(request());
    const found = issuesOf(() =>
      prepared.render({ ...PARAMS, issuedAt: new Date(Number.NaN), contingency: SVC_AN }),
    );
    expect(brief(found)).toEqual([{ path: ['issuedAt'], type: 'datetime_out_of_range' }]);
  });
});

describe('buildNfe', () => {
  it('passes a contingency on to render with the other render parameters', () => {
    const { xml, chave } = buildNfe({ ...request(), ...PARAMS, contingency: SVC_AN });
    expect(chave.charAt(34)).toBe('6');
    expect(xml).toContain('<dhCont>2026-11-21T18:00:00-03:00</dhCont>');
  });
});
