import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { sharedDir } from '@emissor/test-support';

import { emitterCredentials, EMITTER_CNPJ, signedNfe } from '../../test/fixtures.js';
import { xmllintAvailable, xmllintErrorsEach } from '../../test/tools.js';
import { UF_AUTHORISERS } from '../endpoints/table.js';
import { escapeXmlText } from '../xml/escape.js';
import { SefazMessageError } from './errors.js';
import { buildCancelamentoEvento, buildCartaCorrecaoEvento, signEvento } from './evento.js';
import type { InutilizacaoInput } from './inut-nfe.js';
import { buildInutNFe, signInutNFe } from './inut-nfe.js';

/*
 * The builders refuse exactly what the official schemas refuse. For each random value either the
 * builder throws a SefazMessageError naming the field (before anything is signed), and the same
 * value written into an otherwise valid signed message fails the schema; or the builder makes a
 * message the schema accepts. Values are drawn with a fixed seed and validated in one xmllint run.
 */

const SEED = 20_261_126;
const CANCEL = ['eventos', 'evento_cancelamento_110111', 'eventoCancNFe_v1.00.xsd'] as const;
const CCE = ['eventos', 'evento_cce_110110', 'CCe_v1.00.xsd'] as const;
const CORE = ['PL_009_V4', 'PL_010b_NT2025_002_v1.30'] as const;
const schemasPresent = sharedDir() !== undefined && xmllintAvailable;

const nfe = signedNfe(12);
const common = {
  ambiente: 'homologacao' as const,
  autor: { cnpj: EMITTER_CNPJ },
  chave: nfe.chave,
  dhEvento: '2026-11-21T20:00:00-03:00',
};
const JUSTIFICATIVA = 'Pedido cancelado pelo cliente';

const cancel = (input: Partial<Parameters<typeof buildCancelamentoEvento>[0]>) =>
  signEvento(
    buildCancelamentoEvento({
      ...common,
      nProt: '135260000000001',
      justificativa: JUSTIFICATIVA,
      ...input,
    }),
    emitterCredentials,
  );
const cce = (input: Partial<Parameters<typeof buildCartaCorrecaoEvento>[0]>) =>
  signEvento(
    buildCartaCorrecaoEvento({ ...common, nSeqEvento: 1, correcao: JUSTIFICATIVA, ...input }),
    emitterCredentials,
  );

interface Case<T> {
  readonly value: T;
  /** The field the builder refused, or undefined. */
  readonly refused: string | undefined;
  /** What goes to xmllint: the built message, or the template carrying the value. */
  readonly xml: string;
}

/**
 * What the builder does with `value`: the message it builds, or the field it refuses with the
 * value written into a valid template by `fallback`, for the schema to judge.
 */
function judged<T>(value: T, build: (value: T) => string, fallback: () => string): Case<T> {
  try {
    return { value, refused: undefined, xml: build(value) };
  } catch (error) {
    if (!(error instanceof SefazMessageError)) throw error;
    return { value, refused: error.field, xml: fallback() };
  }
}

/** `xml` with the text of its first `<name>` replaced by `raw` (already escaped). */
function withElement(xml: string, name: string, raw: string): string {
  const pattern = new RegExp(`<${name}>[^<]*</${name}>`);
  if (!pattern.test(xml)) throw new Error(`no <${name}> in the template`);
  return xml.replace(pattern, () => `<${name}>${raw}</${name}>`);
}

/**
 * Checks builder and schema agree on every value: returns the disagreements (value, what the
 * builder did, what xmllint said), so a failure names them.
 */
function disagreements<T>(cases: readonly Case<T>[], schema: readonly string[]): unknown[] {
  const verdicts = xmllintErrorsEach(
    cases.map((c) => c.xml),
    ...schema,
  );
  return cases.flatMap((c, index) => {
    const schemaAccepts = (verdicts[index] ?? ['no verdict']).length === 0;
    return schemaAccepts === (c.refused === undefined)
      ? []
      : [{ value: c.value, builderRefused: c.refused, schema: verdicts[index] }];
  });
}

const latin1 = fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code));
const odd = fc.constantFrom('\n', '\t', '\r', '€', '😀', 'ő', '\u0001', '\u007f', '\u0085', ' ');
const mixed = fc.oneof({ weight: 40, arbitrary: latin1 }, { weight: 1, arbitrary: odd });

/** Texts around the limits: pure Latin-1 (mostly valid) and with odd characters, padded with spaces. */
function texts(min: number, max: number): fc.Arbitrary<string> {
  const sized = (unit: fc.Arbitrary<string>, from: number, to: number) =>
    fc.string({ unit, minLength: Math.max(0, from), maxLength: to });
  return fc.oneof(
    sized(latin1, 0, min + 3),
    sized(latin1, min - 2, min + 2),
    sized(latin1, max - 3, max + 3),
    sized(mixed, 0, min + 10),
    sized(mixed, max - 3, max + 3),
    sized(latin1, min, min + 20).map((text) => ` ${text}`),
    sized(latin1, min, min + 20).map((text) => `${text} `),
  );
}

const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number): T[] =>
  fc.sample(arbitrary, { numRuns, seed: SEED });

describe.skipIf(!schemasPresent)('builders refuse exactly what the official schemas refuse', () => {
  it('justificativa of a cancelamento (TJust: 15–255 printable Latin-1 characters)', () => {
    const template = cancel({});
    const cases = sample(texts(15, 255), 160).map((value) =>
      judged(
        value,
        (justificativa) => cancel({ justificativa }),
        () => withElement(template, 'xJust', escapeXmlText(value)),
      ),
    );
    expect(cases.some((c) => c.refused === undefined)).toBe(true);
    expect(cases.some((c) => c.refused === 'justificativa')).toBe(true);
    expect(disagreements(cases, CANCEL)).toEqual([]);
  });

  it('correção of a CC-e (15–1000 characters)', () => {
    const template = cce({});
    const cases = sample(texts(15, 1000), 160).map((value) =>
      judged(
        value,
        (correcao) => cce({ correcao }),
        () => withElement(template, 'xCorrecao', escapeXmlText(value)),
      ),
    );
    expect(cases.some((c) => c.refused === undefined)).toBe(true);
    expect(disagreements(cases, CCE)).toEqual([]);
  });

  it('dhEvento (TDateTimeUTC: real dates, offsets −11:00 to +12:00)', () => {
    const two = (n: number) => String(n).padStart(2, '0');
    const moment = (years: [number, number], months: [number, number], days: [number, number]) =>
      fc
        .record({
          year: fc.integer({ min: years[0], max: years[1] }),
          month: fc.integer({ min: months[0], max: months[1] }),
          day: fc.integer({ min: days[0], max: days[1] }),
          hour: fc.integer({ min: 0, max: 24 }),
          sign: fc.constantFrom('-', '+'),
          offset: fc.integer({ min: 0, max: 14 }),
        })
        .map(
          (p) =>
            `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:59:07${p.sign}${two(p.offset)}:00`,
        );
    const values = [
      ...sample(moment([1999, 2100], [0, 13], [0, 32]), 80),
      ...sample(moment([2000, 2099], [1, 12], [28, 31]), 80),
      '2024-02-29T10:00:00-03:00',
      '2100-01-01T10:00:00-03:00',
      '2026-11-21T20:00:00Z',
      '2026-11-21T20:00:00.000-03:00',
    ];
    for (const [build, template, schema] of [
      [(dhEvento: string) => cce({ dhEvento }), cce({}), CCE],
      [(dhEvento: string) => cancel({ dhEvento }), cancel({}), CANCEL],
    ] as const) {
      const cases = values.map((value) =>
        judged(value, build, () => withElement(template, 'dhEvento', value)),
      );
      expect(disagreements(cases, schema)).toEqual([]);
    }
  });

  it('cOrgao: a UF, or 90/91/92 for a cancelamento and only 90 for a CC-e', () => {
    const codes = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
    for (const [build, template, schema] of [
      [(cOrgao: string) => cancel({ cOrgao }), cancel({}), CANCEL],
      [(cOrgao: string) => cce({ cOrgao }), cce({}), CCE],
    ] as const) {
      const cases = codes.map((value) =>
        judged(value, build, () => withElement(template, 'cOrgao', value)),
      );
      expect(cases.filter((c) => c.refused === undefined).length).toBeGreaterThanOrEqual(28);
      expect(disagreements(cases, schema)).toEqual([]);
    }
  });

  it('nSeqEvento of a CC-e: 1–20', () => {
    const template = cce({});
    const cases = Array.from({ length: 30 }, (_, n) => n - 3).map((value) =>
      judged(
        value,
        (nSeqEvento) => cce({ nSeqEvento }),
        () => withElement(template, 'nSeqEvento', String(value)),
      ),
    );
    expect(cases.filter((c) => c.refused === undefined)).toHaveLength(20);
    expect(disagreements(cases, CCE)).toEqual([]);
  });

  it.each(CORE)(
    'inutNFe under %s: UF codes, years, series, numbers; only first > last is the builder’s own rule (SEFAZ 224)',
    (pack) => {
      const two = (n: number) => String(n).padStart(2, '0');
      const ufCodes = Object.values(UF_AUTHORISERS).map((e) => e.cUF);
      const number = fc.oneof(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.constantFrom(0, 1, 999_999_999, 1_000_000_000),
      );
      const ranges = sample(
        fc.record({
          cUF: fc.oneof(fc.constantFrom(...ufCodes), fc.integer({ min: 0, max: 99 }).map(two)),
          ano: fc.integer({ min: 0, max: 99 }).map(two),
          serie: fc.integer({ min: -1, max: 1000 }),
          numeroInicial: number,
          numeroFinal: number,
          modelo: fc.constantFrom('55' as const, '65' as const),
        }),
        120,
      );
      const input = (range: (typeof ranges)[number]): InutilizacaoInput => ({
        ...range,
        ambiente: 'homologacao',
        cnpj: EMITTER_CNPJ,
        justificativa: JUSTIFICATIVA,
      });
      const template = signInutNFe(
        buildInutNFe(
          input({ cUF: '35', ano: '26', serie: 1, numeroInicial: 1, numeroFinal: 1, modelo: '55' }),
        ),
        emitterCredentials,
      );
      // A refused range goes into the template whole: every field the builder may refuse.
      const intoTemplate = (range: (typeof ranges)[number]) =>
        (
          [
            ['cUF', range.cUF],
            ['ano', range.ano],
            ['mod', range.modelo],
            ['serie', String(range.serie)],
            ['nNFIni', String(range.numeroInicial)],
            ['nNFFin', String(range.numeroFinal)],
          ] as const
        ).reduce((xml, [name, value]) => withElement(xml, name, value), template);
      const cases = ranges.map((range) =>
        judged(
          range,
          (r) => signInutNFe(buildInutNFe(input(r)), emitterCredentials),
          () => intoTemplate(range),
        ),
      );
      // first > last is valid to the schema and refused by the builder, as SEFAZ refuses it (224).
      const orderOnly = (c: (typeof cases)[number]) =>
        c.refused === 'numeroFinal' &&
        c.value.numeroFinal >= 1 &&
        c.value.numeroFinal <= 999_999_999 &&
        c.value.numeroFinal < c.value.numeroInicial;
      expect(cases.some((c) => c.refused === undefined)).toBe(true);
      expect(
        disagreements(
          cases.filter((c) => !orderOnly(c)),
          [pack, 'inutNFe_v4.00.xsd'],
        ),
      ).toEqual([]);
    },
  );
});
