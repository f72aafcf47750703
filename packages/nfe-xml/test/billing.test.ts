import { describe, expect, it } from 'vitest';

import {
  buildNfe,
  type NfeCobranca,
  type NfeDuplicata,
  NfeValidationError,
  prepareNfe,
} from '../src/index.js';
import { PARAMS, request } from './fixtures.js';
import { expectValidCanonical, HAVE_SHARED } from './helpers.js';
import {
  build,
  ISSUE_DATE,
  issueAt,
  issues,
  prepareIssues,
  section,
} from './transport-billing-fixtures.js';

/** `n` instalments of `each`, due monthly from 2026-12-21. */
function dups(n: number, each: string): NfeDuplicata[] {
  return Array.from({ length: n }, (_, i) => {
    const month = 12 + i;
    const year = 2026 + Math.floor((month - 1) / 12);
    const mm = String(((month - 1) % 12) + 1).padStart(2, '0');
    return { numero: String(i + 1).padStart(3, '0'), vencimento: `${year}-${mm}-21`, valor: each };
  });
}

const THREE: NfeCobranca = {
  fatura: {
    numero: 'FAT-2026/0042',
    valor_original: '510',
    valor_desconto: '10',
    valor_liquido: '500.00',
  },
  duplicatas: [
    { numero: '001', vencimento: ISSUE_DATE, valor: '166.66' },
    { numero: '002', vencimento: '2026-12-21', valor: '166.67' },
    { numero: '003', vencimento: '2027-01-21', valor: '166.67' },
  ],
};

describe.skipIf(!HAVE_SHARED)('cobranca → cobr, valid under PL_009 and PL_010b', () => {
  it('absent: no cobr', () => {
    expect(build({})).not.toContain('<cobr>');
  });

  it('fatura and three instalments, between transp and pag, money with 2 places', () => {
    const xml = build({ cobranca: THREE, pagamento: { tpag: '15', valor: '500', indpag: '1' } });
    expectValidCanonical(xml);
    expect(section(xml, 'cobr')).toBe(
      '<cobr><fat><nFat>FAT-2026/0042</nFat><vOrig>510.00</vOrig><vDesc>10.00</vDesc><vLiq>500.00</vLiq></fat>' +
        `<dup><nDup>001</nDup><dVenc>${ISSUE_DATE}</dVenc><vDup>166.66</vDup></dup>` +
        '<dup><nDup>002</nDup><dVenc>2026-12-21</dVenc><vDup>166.67</vDup></dup>' +
        '<dup><nDup>003</nDup><dVenc>2027-01-21</dVenc><vDup>166.67</vDup></dup></cobr>',
    );
    expect(xml).toContain('</transp><cobr>');
    expect(xml).toContain('</cobr><pag>');
  });

  it('a fatura alone (a cash sale may carry its invoice), without discount', () => {
    const xml = build({
      cobranca: { fatura: { numero: '1', valor_original: '500', valor_liquido: '500' } },
    });
    expectValidCanonical(xml);
    expect(section(xml, 'cobr')).toBe(
      '<cobr><fat><nFat>1</nFat><vOrig>500.00</vOrig><vLiq>500.00</vLiq></fat></cobr>',
    );
  });

  it('120 instalments (the most the layout allows), exact to the cent', () => {
    const list = dups(120, '4.17');
    const xml = build({
      cobranca: {
        fatura: { numero: 'F', valor_original: '500.40', valor_liquido: '500.40' },
        duplicatas: list,
      },
    });
    expectValidCanonical(xml);
    expect(xml.split('<dup>')).toHaveLength(121);
    expect(xml).toContain('<nDup>120</nDup>');
  });

  it("the authorised sample's cobr, byte for byte", () => {
    const { xml } = buildNfe({
      ...request({
        cobranca: {
          fatura: {
            numero: '173',
            valor_original: '1',
            valor_desconto: '0',
            valor_liquido: '1.00',
          },
          duplicatas: [{ numero: '001', vencimento: '2018-12-31', valor: '1' }],
        },
      }),
      ...PARAMS,
      issuedAt: new Date('2018-09-25T03:00:00Z'),
    });
    expect(section(xml, 'cobr')).toBe(
      '<cobr><fat><nFat>173</nFat><vOrig>1.00</vOrig><vDesc>0.00</vDesc><vLiq>1.00</vLiq></fat><dup><nDup>001</nDup><dVenc>2018-12-31</dVenc><vDup>1.00</vDup></dup></cobr>',
    );
  });
});

describe('cobranca: the rules SEFAZ checks, before a number is taken', () => {
  const fatura = { numero: 'F1', valor_original: '300', valor_liquido: '300' };

  it('851: the instalments add up to the fatura net value (the message names cobranca)', () => {
    const found = issues({
      cobranca: {
        fatura,
        duplicatas: [
          { numero: '001', vencimento: '2026-12-01', valor: '100' },
          { numero: '002', vencimento: '2027-01-01', valor: '199.99' },
        ],
      },
    });
    const issue = issueAt(found, ['cobranca', 'duplicatas'], 'nfe_rule', '851');
    expect(issue.message).toContain('cobranca.duplicatas add up to 299.99');
    expect(issue.message).toContain('300.00');
  });

  it('905: a cobranca names its fatura, with or without instalments', () => {
    for (const cobranca of [
      { duplicatas: [{ numero: '001', vencimento: '2026-12-01', valor: '1' }] },
      {},
    ])
      issueAt(
        issues({ cobranca }),
        ['cobranca', 'fatura'],
        'nfe_rule',
        'SEFAZ rejection 905 (Campos do grupo Fatura não informados)',
      );
  });

  it('902: valor_liquido = valor_original − valor_desconto', () => {
    const found = issues({
      cobranca: {
        fatura: { numero: 'F', valor_original: '300', valor_desconto: '10', valor_liquido: '300' },
      },
    });
    expect(
      issueAt(found, ['cobranca', 'fatura', 'valor_liquido'], 'nfe_rule', '902').message,
    ).toContain('290.00');
  });

  it('852: instalments numbered 001, 002, … in order', () => {
    for (const numeros of [
      ['1', '2'],
      ['001', '003'],
      ['002', '001'],
    ]) {
      const found = issues({
        cobranca: {
          fatura: { ...fatura, valor_original: '2', valor_liquido: '2' },
          duplicatas: numeros.map((numero, i) => ({
            numero,
            vencimento: `2026-12-0${i + 1}`,
            valor: '1',
          })),
        },
      });
      expect(found.some((i) => i.message.includes('852'))).toBe(true);
    }
  });

  it('900: no due date before the issue date', () => {
    issueAt(
      issues({
        cobranca: {
          fatura: { ...fatura, valor_original: '1', valor_liquido: '1' },
          duplicatas: [{ numero: '001', vencimento: '2026-11-20', valor: '1' }],
        },
      }),
      ['cobranca', 'duplicatas', 0, 'vencimento'],
      'nfe_rule',
      '900',
    );
  });

  it('850: due dates ascending', () => {
    issueAt(
      issues({
        cobranca: {
          fatura: { ...fatura, valor_original: '2', valor_liquido: '2' },
          duplicatas: [
            { numero: '001', vencimento: '2027-01-10', valor: '1' },
            { numero: '002', vencimento: '2026-12-10', valor: '1' },
          ],
        },
      }),
      ['cobranca', 'duplicatas', 1, 'vencimento'],
      'nfe_rule',
      '850',
    );
  });

  it('853: one instalment due on the issue date is a cash sale', () => {
    issueAt(
      issues({
        cobranca: {
          fatura: { ...fatura, valor_original: '1', valor_liquido: '1' },
          duplicatas: [{ numero: '001', vencimento: ISSUE_DATE, valor: '1' }],
        },
      }),
      ['cobranca', 'duplicatas', 0, 'vencimento'],
      'nfe_rule',
      '853',
    );
  });

  it('797: no due date more than 10 years after the issue date', () => {
    issueAt(
      issues({
        cobranca: {
          fatura: { ...fatura, valor_original: '1', valor_liquido: '1' },
          duplicatas: [{ numero: '001', vencimento: '2036-11-22', valor: '1' }],
        },
      }),
      ['cobranca', 'duplicatas', 0, 'vencimento'],
      'nfe_rule',
      '797',
    );
    expect(() =>
      build({
        cobranca: {
          fatura: { ...fatura, valor_original: '1', valor_liquido: '1' },
          duplicatas: [{ numero: '001', vencimento: '2036-11-21', valor: '1' }],
        },
      }),
    ).not.toThrow();
  });

  it("the date rules run at render, on dhEmi's date in the emitter's state, not before", () => {
    const cobranca = {
      fatura: { ...fatura, valor_original: '2', valor_liquido: '2' },
      duplicatas: [
        { numero: '001', vencimento: '2026-11-21', valor: '1' },
        { numero: '002', vencimento: '2026-12-21', valor: '1' },
      ],
    };
    // Prepared before its instant is known: nothing to compare the due dates with yet.
    expect(() => prepareIssues({ cobranca })).toThrow('expected an NfeValidationError');
    const prepared = prepareNfe(request({ cobranca }));
    const at = (instant: string) => () =>
      prepared.render({ ...PARAMS, issuedAt: new Date(instant) });
    // 2026-11-21T23:30-03:00 is the 21st in São Paulo (the 22nd in UTC): due that day, accepted.
    expect(at('2026-11-22T02:30:00Z')).not.toThrow();
    expect(at('2026-11-22T02:30:00Z')().xml).toContain('<dhEmi>2026-11-21T23:30:00-03:00</dhEmi>');
    // From midnight in São Paulo it is the 22nd: the first instalment is due before it (900).
    let refused: unknown;
    try {
      at('2026-11-22T03:00:00Z')();
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(NfeValidationError);
    issueAt(
      (refused as NfeValidationError).issues,
      ['cobranca', 'duplicatas', 0, 'vencimento'],
      'nfe_rule',
      'SEFAZ rejection 900 (Data de vencimento da parcela não informada ou menor que Data de Emissão)',
    );
  });
});

describe('cobranca: each kind of bad input names its field', () => {
  const fatura = { numero: 'F', valor_original: '1', valor_liquido: '1' };
  const dup = { numero: '001', vencimento: '2026-12-01', valor: '1' };
  const cases: [string, NfeCobranca, (string | number)[], string][] = [
    ['empty cobranca', {}, ['fatura'], 'nfe_rule'],
    [
      'fatura without numero',
      { fatura: { ...fatura, numero: undefined as unknown as string } },
      ['fatura', 'numero'],
      'missing',
    ],
    [
      'fatura numero of 61 characters',
      { fatura: { ...fatura, numero: 'N'.repeat(61) } },
      ['fatura', 'numero'],
      'string_too_long',
    ],
    [
      'valor_original with 3 places',
      { fatura: { ...fatura, valor_original: '1.001' } },
      ['fatura', 'valor_original'],
      'decimal_max_places',
    ],
    [
      'negative discount',
      { fatura: { ...fatura, valor_desconto: '-1' } },
      ['fatura', 'valor_desconto'],
      'greater_than_equal',
    ],
    [
      'valor_liquido not a decimal',
      { fatura: { ...fatura, valor_liquido: '1,00' } },
      ['fatura', 'valor_liquido'],
      'decimal_parsing',
    ],
    [
      'instalment of zero',
      { fatura, duplicatas: [{ ...dup, valor: '0' }] },
      ['duplicatas', 0, 'valor'],
      'greater_than',
    ],
    [
      'due date not a date',
      { fatura, duplicatas: [{ ...dup, vencimento: '01/12/2026' }] },
      ['duplicatas', 0, 'vencimento'],
      'date_parsing',
    ],
    [
      'due date 30 February',
      { fatura, duplicatas: [{ ...dup, vencimento: '2027-02-30' }] },
      ['duplicatas', 0, 'vencimento'],
      'date_parsing',
    ],
    [
      'due date in 2100',
      { fatura, duplicatas: [{ ...dup, vencimento: '2100-01-01' }] },
      ['duplicatas', 0, 'vencimento'],
      'date_out_of_range',
    ],
    [
      '121 instalments',
      {
        fatura: { ...fatura, valor_original: '121', valor_liquido: '121' },
        duplicatas: dups(121, '1'),
      },
      ['duplicatas'],
      'too_long',
    ],
  ];
  for (const [name, cobranca, path, type] of cases) {
    it(name, () => {
      issueAt(issues({ cobranca }), ['cobranca', ...path], type);
    });
  }
});
