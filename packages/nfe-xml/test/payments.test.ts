import { describe, expect, it } from 'vitest';

import type { NfePagamento } from '../src/index.js';
import { expectValidCanonical, HAVE_SHARED } from './helpers.js';
import { build, issueAt, issues, section } from './transport-billing-fixtures.js';

/** The base request's vNF is 500.00. */
const CARD: NfePagamento = {
  tpag: '03',
  valor: '300',
  indpag: '0',
  data_pagamento: '2026-11-21',
  descricao: 'Cartão crédito',
  cartao: {
    tipo_integracao: '1',
    cnpj_credenciadora: '01027058000191',
    bandeira: '02',
    autorizacao: 'AUT-123456',
  },
};

describe.skipIf(!HAVE_SHARED)(
  'pagamento and outros_pagamentos → pag, valid under both packs',
  () => {
    it('one payment, as before: indPag, tPag, vPag', () => {
      const xml = build({});
      expect(section(xml, 'pag')).toBe(
        '<pag><detPag><indPag>0</indPag><tPag>01</tPag><vPag>500.00</vPag></detPag></pag>',
      );
      expectValidCanonical(xml);
    });

    it('every field of a detPag, then more payments, and the change over their sum', () => {
      const xml = build({
        pagamento: CARD,
        outros_pagamentos: [
          { tpag: '17', valor: '150', cartao: { tipo_integracao: '2' } },
          { tpag: '99', valor: '100', descricao: 'Vale-presente da loja' },
        ],
      });
      expectValidCanonical(xml);
      expect(section(xml, 'pag')).toBe(
        '<pag><detPag><indPag>0</indPag><tPag>03</tPag><xPag>Cartão crédito</xPag><vPag>300.00</vPag><dPag>2026-11-21</dPag>' +
          '<card><tpIntegra>1</tpIntegra><CNPJ>01027058000191</CNPJ><tBand>02</tBand><cAut>AUT-123456</cAut></card></detPag>' +
          '<detPag><indPag>0</indPag><tPag>17</tPag><vPag>150.00</vPag><card><tpIntegra>2</tpIntegra></card></detPag>' +
          '<detPag><indPag>0</indPag><tPag>99</tPag><xPag>Vale-presente da loja</xPag><vPag>100.00</vPag></detPag>' +
          '<vTroco>50.00</vTroco></pag>',
      );
    });

    it('100 detPag (the most the layout allows)', () => {
      const outros = Array.from({ length: 99 }, () => ({ tpag: '01', valor: '5' }));
      const xml = build({ pagamento: { tpag: '01', valor: '5' }, outros_pagamentos: outros });
      expectValidCanonical(xml);
      expect(xml.split('<detPag>')).toHaveLength(101);
      expect(xml).not.toContain('vTroco');
    });

    it('tpag 90 writes vPag 0.00 whatever valor says (a return, fin_nfe 4)', () => {
      for (const valor of ['0', '500', '12.345']) {
        const xml = build({ fin_nfe: '4', pagamento: { tpag: '90', valor }, ...RETURN_REFERENCE });
        expect(section(xml, 'pag')).toBe(
          '<pag><detPag><indPag>0</indPag><tPag>90</tPag><vPag>0.00</vPag></detPag></pag>',
        );
      }
    });

    it('tpag 91 (paid later) writes vPag 0.00 and may leave part of vNF uncovered', () => {
      const xml = build({
        pagamento: { tpag: '04', valor: '100' },
        outros_pagamentos: [{ tpag: '91', valor: '400' }],
      });
      expectValidCanonical(xml);
      expect(section(xml, 'pag')).toBe(
        '<pag><detPag><indPag>0</indPag><tPag>04</tPag><vPag>100.00</vPag></detPag>' +
          '<detPag><indPag>0</indPag><tPag>91</tPag><vPag>0.00</vPag></detPag></pag>',
      );
    });
  },
);

/**
 * A return must reference the returned NF-e (rule 321, the header's slice); when that slice's
 * field exists it is given here, otherwise it is ignored by the request type.
 */
const RETURN_REFERENCE = {
  documentos_referenciados: [{ chave_acesso: '43180906929383000163550010000000261000010301' }],
};

describe('pagamento: the rules SEFAZ checks, before a number is taken', () => {
  it('871: fin_nfe 3 and 4 pay with tpag 90, every detPag', () => {
    for (const fin_nfe of ['3', '4']) {
      const found = issues({
        fin_nfe,
        ...RETURN_REFERENCE,
        pagamento: { tpag: '90', valor: '0' },
        outros_pagamentos: [{ tpag: '01', valor: '500' }],
      });
      issueAt(found, ['outros_pagamentos', 0, 'tpag'], 'nfe_rule', '871');
    }
    issueAt(
      issues({ fin_nfe: '4', ...RETURN_REFERENCE, pagamento: { tpag: '01', valor: '500' } }),
      ['pagamento', 'tpag'],
      'nfe_rule',
      '871',
    );
  });

  it('865: the payments cover vNF, also when split (payment_below_total)', () => {
    expect(
      issueAt(
        issues({
          pagamento: { tpag: '01', valor: '200' },
          outros_pagamentos: [{ tpag: '03', valor: '299.99' }],
        }),
        ['pagamento', 'valor'],
        'payment_below_total',
        '865',
      ).message,
    ).toContain('499.99');
  });

  it('valor 0 is refused unless tpag is 90 or 91', () => {
    issueAt(
      issues({ pagamento: { tpag: '01', valor: '0' } }),
      ['pagamento', 'valor'],
      'greater_than',
    );
  });

  it('392: an integrated card payment names its acquirer and authorisation', () => {
    const found = issues({
      pagamento: { tpag: '03', valor: '500', cartao: { tipo_integracao: '1' } },
    });
    issueAt(found, ['pagamento', 'cartao', 'cnpj_credenciadora'], 'nfe_rule', '392');
    issueAt(found, ['pagamento', 'cartao', 'autorizacao'], 'nfe_rule', '392');
  });

  it("437: the acquirer's CNPJ has valid check digits", () => {
    issueAt(
      issues({
        pagamento: {
          tpag: '03',
          valor: '500',
          cartao: { tipo_integracao: '2', cnpj_credenciadora: '01027058000190' },
        },
      }),
      ['pagamento', 'cartao', 'cnpj_credenciadora'],
      'nfe_rule',
      '437',
    );
  });

  it('443: a card brand of the national table', () => {
    issueAt(
      issues({
        pagamento: { tpag: '03', valor: '500', cartao: { tipo_integracao: '2', bandeira: '28' } },
      }),
      ['pagamento', 'cartao', 'bandeira'],
      'nfe_rule',
      '443',
    );
  });

  it('the card group is optional on model 55, even for card payments', () => {
    expect(() => build({ pagamento: { tpag: '03', valor: '500' } })).not.toThrow();
  });
});

describe('pagamento: each kind of bad input names its field', () => {
  const cases: [string, Partial<NfePagamento>, (string | number)[], string][] = [
    ['tpag 99 without descricao', { tpag: '99' }, ['descricao'], 'missing'],
    ['descricao of 1 character', { descricao: 'X' }, ['descricao'], 'string_too_short'],
    [
      'data_pagamento not a date',
      { data_pagamento: '21/11/2026' },
      ['data_pagamento'],
      'date_parsing',
    ],
    ['unknown tpag', { tpag: '06' }, ['tpag'], 'literal_error'],
    [
      'card integration 3',
      { cartao: { tipo_integracao: '3' } },
      ['cartao', 'tipo_integracao'],
      'literal_error',
    ],
    [
      'card authorisation of 129 characters',
      { cartao: { tipo_integracao: '2', autorizacao: 'A'.repeat(129) } },
      ['cartao', 'autorizacao'],
      'string_too_long',
    ],
    ['valor with 3 places', { valor: '500.001' }, ['valor'], 'decimal_max_places'],
    ['negative valor with tpag 90', { tpag: '90', valor: '-1' }, ['valor'], 'greater_than_equal'],
  ];
  for (const [name, fields, path, type] of cases) {
    it(name, () => {
      const pagamento = { tpag: '01', valor: '500', ...fields };
      issueAt(issues({ pagamento }), ['pagamento', ...path], type);
      issueAt(issues({ outros_pagamentos: [pagamento] }), ['outros_pagamentos', 0, ...path], type);
    });
  }

  it('101 detPag', () => {
    issueAt(
      issues({
        outros_pagamentos: Array.from({ length: 100 }, () => ({ tpag: '01', valor: '1' })),
      }),
      ['outros_pagamentos'],
      'too_long',
    );
  });
});
