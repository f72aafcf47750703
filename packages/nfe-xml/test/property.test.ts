import { setImmediate as nextTurn } from 'node:timers/promises';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  compareDecimals,
  decimal,
  formatDecimal,
  multiplyDecimals,
  roundDecimal,
  sumDecimals,
} from '../src/decimal.js';
import {
  buildNfe,
  type NfeDestinatario,
  type NfeItem,
  type NfeRequest,
  type NfeTributoLinha,
} from '../src/index.js';
import { RULE_ID } from './fixtures.js';
import { HAVE_SHARED, schemaErrors } from './helpers.js';
import { CSOSN_SHAPES, CST_SHAPES, type GroupShape } from './tax-cases.js';

/* Random VALID requests: every field within its layout type, tax lines that fit their group. */

const LATIN1_EDGE = [...'ABCXYZabcxyz0129!&<>"\'#%*çãõéÿÀ'];
const LATIN1_INNER = [...LATIN1_EDGE, ' '];

/** A TString of `min`..`max` characters (no edge spaces), with XML-special characters in the mix. */
const tString = (min: number, max: number) =>
  fc
    .tuple(
      fc.constantFrom(...LATIN1_EDGE),
      fc.array(fc.constantFrom(...LATIN1_INNER), { maxLength: Math.max(0, max - 2) }),
      fc.constantFrom(...LATIN1_EDGE),
    )
    .map(([a, mid, b]) => (max === 1 ? a : a + mid.join('') + b))
    .filter((s) => s.length >= min && s.length <= max);

const digits = (n: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: n, maxLength: n }).map((d) => d.join(''));

/** Decimal text with up to `places` places and `whole` whole digits, > 0 when `positive`. */
const decimalText = (whole: number, places: number, positive: boolean) =>
  fc
    .tuple(
      fc.bigInt({ min: positive ? 1n : 0n, max: 10n ** BigInt(whole + places) - 1n }),
      fc.integer({ min: 0, max: places }),
    )
    .map(([coef, shown]) => {
      const raw = formatDecimal({ coefficient: coef, scale: places }, places);
      // Also send shorter spellings ("10" rather than "10.0000") when the value allows.
      const trimmed = formatDecimal({ coefficient: coef, scale: places }, shown);
      return compareDecimals(decimal(trimmed), decimal(raw)) === 0 ? trimmed : raw;
    });

const money = (whole = 6) => decimalText(whole, 2, false);
const percent = decimalText(2, 4, false);

const STATES: [string, string][] = [
  ['SP', '3550308'],
  ['RS', '4319901'],
  ['AC', '1200401'],
  ['AM', '1302603'],
  ['MT', '5103403'],
  ['DF', '5300108'],
];

const lineArb = (tax_domain: string, fields: fc.Arbitrary<Partial<NfeTributoLinha>>) =>
  fields.map((f): NfeTributoLinha => ({
    tax_domain,
    base_calc: '0',
    base_calc_percent: '100',
    valor: '0',
    rule_id: RULE_ID,
    ...f,
  }));

function icmsLinesArb(
  code: string,
  simples: boolean,
  shape: GroupShape,
): fc.Arbitrary<NfeTributoLinha[]> {
  const codeField = simples ? { csosn: code } : { cst: code };
  const own =
    shape.own === 'required'
      ? fc.constant(true)
      : shape.own === 'optional'
        ? fc.boolean()
        : fc.constant(false);
  const st =
    shape.st === 'required'
      ? fc.constant(true)
      : shape.st === 'optional'
        ? fc.boolean()
        : fc.constant(false);
  const bcp = shape.reduced ? decimalText(2, 2, true) : fc.constant('100');
  return fc
    .record({
      own,
      st,
      fcp: fc.boolean(),
      fcpSt: fc.boolean(),
      icms: lineArb(
        'icms',
        fc.record({
          base_calc: money(),
          aliquota: percent,
          valor: money(),
          base_calc_percent: bcp,
        }),
      ),
      credit: lineArb('icms', fc.record({ base_calc: money(), aliquota: percent, valor: money() })),
      fcpLine: lineArb(
        'fcp',
        fc.record({ base_calc: money(), fcp_percent: percent, valor: money() }),
      ),
      stLine: lineArb(
        'icms_st',
        fc.record({
          base_calc: money(),
          aliquota_st: percent,
          valor: money(),
          mva: fc.option(percent, { nil: undefined }),
          base_calc_percent: fc.constantFrom('100', '90', '33.33'),
        }),
      ),
      fcpStLine: lineArb(
        'fcp_st',
        fc.record({ base_calc: money(), fcp_percent: percent, valor: money() }),
      ),
    })
    .map((r) => {
      const lines: NfeTributoLinha[] = [];
      if (r.own) lines.push({ ...r.icms, ...codeField });
      else if (shape.credit) lines.push({ ...r.credit, ...codeField });
      if (r.own && shape.fcp && r.fcp) lines.push(r.fcpLine);
      if (r.st) {
        lines.push(r.stLine);
        if (r.fcpSt) lines.push(r.fcpStLine);
      }
      return lines;
    });
}

const pisCofinsArb = (tax_domain: 'pis' | 'cofins') =>
  fc.oneof(
    lineArb(
      tax_domain,
      fc.record({
        cst: fc.constantFrom('01', '02', '49', '50', '99'),
        base_calc: money(),
        aliquota: percent,
        valor: money(),
      }),
    ),
    lineArb(tax_domain, fc.record({ cst: fc.constantFrom('04', '05', '06', '07', '08', '09') })),
  );

const ipiArb = fc.oneof(
  lineArb(
    'ipi',
    fc.record({
      cst: fc.constantFrom('00', '49', '50', '99'),
      base_calc: money(),
      aliquota: percent,
      valor: money(),
    }),
  ),
  lineArb(
    'ipi',
    fc.record({
      cst: fc.constantFrom('01', '02', '03', '04', '05', '51', '52', '53', '54', '55'),
      codigo_beneficio: fc.option(digits(3), { nil: null }),
    }),
  ),
);

function itemArb(simples: boolean): fc.Arbitrary<NfeItem> {
  const shapes = simples ? CSOSN_SHAPES : CST_SHAPES;
  const group = fc
    .constantFrom(...Object.keys(shapes))
    .chain((code) =>
      icmsLinesArb(code, simples, shapes[code] as GroupShape).map((lines) => ({ code, lines })),
    );
  return fc
    .record({
      codigo: tString(1, 60),
      descricao: tString(1, 120),
      ncm: digits(8),
      cfop: fc.constantFrom('5102', '5405', '6102', '5101'),
      unidade_comercial: tString(1, 6),
      unidade_tributavel: tString(1, 6),
      quantidade: decimalText(5, 4, true),
      valor_unitario: decimalText(5, 10, true),
      cest: fc.option(digits(7), { nil: null }),
      origem: fc.option(fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8'), {
        nil: undefined,
      }),
      group,
      pis: fc.option(pisCofinsArb('pis'), { nil: undefined }),
      cofins: fc.option(pisCofinsArb('cofins'), { nil: undefined }),
      ipi: fc.option(ipiArb, { nil: undefined }),
    })
    .map((r) => ({
      codigo: r.codigo,
      descricao: r.descricao,
      ncm: r.ncm,
      cfop: r.cfop,
      unidade_comercial: r.unidade_comercial,
      unidade_tributavel: r.unidade_tributavel,
      quantidade: r.quantidade,
      valor_unitario: r.valor_unitario,
      cest: r.cest,
      fiscal_result: {
        cfop: r.cfop,
        consumidor_final: true,
        indicador_ie: '9',
        origem: r.origem,
        ...(simples ? { csosn: r.group.code } : { cst: r.group.code }),
        tributos: [
          ...r.group.lines,
          ...[r.pis, r.cofins, r.ipi].filter((l): l is NfeTributoLinha => l !== undefined),
        ],
      },
    }));
}

const destArb: fc.Arbitrary<NfeDestinatario | null> = fc.oneof(
  fc.constant(null),
  fc.record({
    nome: tString(2, 60),
    indicador_ie: fc.constant('9'),
    cpf: digits(11),
    email: fc.option(tString(1, 60), { nil: null }),
  }),
  fc.record({
    nome: tString(2, 60),
    indicador_ie: fc.constant('1'),
    cnpj: digits(14),
    ie: digits(12),
  }),
);

/** The expected vNF, computed independently of the library: Σ round(q×v, 2) + ST + FCP-ST + IPI. */
function expectedTotal(itens: NfeItem[]): string {
  const parts = itens.flatMap((it) => [
    roundDecimal(multiplyDecimals(decimal(it.quantidade), decimal(it.valor_unitario)), 2),
    ...(it.fiscal_result.tributos ?? [])
      .filter(
        (l) =>
          l.tax_domain === 'icms_st' ||
          l.tax_domain === 'fcp_st' ||
          (l.tax_domain === 'ipi' && ['00', '49', '50', '99'].includes(l.cst ?? '')),
      )
      .map((l) => decimal(l.valor)),
  ]);
  return formatDecimal(sumDecimals(parts), 2);
}

const requestArb: fc.Arbitrary<NfeRequest> = fc
  .record({
    crt: fc.constantFrom('1', '2', '3', '4'),
    state: fc.constantFrom(...STATES),
    ambiente: fc.constantFrom('homologacao' as const, 'producao' as const),
    destinatario: destArb,
    serie: fc.integer({ min: 0, max: 999 }),
    razao: tString(2, 60),
    nat_op: fc.option(tString(1, 60), { nil: undefined }),
    ver_proc: tString(1, 20),
    itemSeeds: fc.integer({ min: 1, max: 3 }),
    // pagamento.valor must be > 0 even when tiny items round vNF to 0.00.
    extraPaid: fc.oneof(fc.constant('0'), decimalText(3, 2, true)),
    tpag: fc.constantFrom('01', '03', '04', '15', '17', '20'),
  })
  .chain((r) =>
    fc
      .array(itemArb(r.crt !== '3'), { minLength: r.itemSeeds, maxLength: r.itemSeeds })
      .map((itens): NfeRequest => {
        const vNF = expectedTotal(itens);
        return {
          serie: r.serie,
          emitente: {
            cnpj: '58716523000119',
            razao_social: r.razao,
            ie: 'ISENTO',
            crt: r.crt,
            address_street: 'Rua dos Testes',
            address_number: 'S/N',
            address_district: 'Centro',
            address_city: 'CIDADE',
            address_state: r.state[0],
            address_zip: '01001000',
            address_city_ibge_code: r.state[1],
          },
          destinatario: r.destinatario,
          itens,
          pagamento: {
            tpag: r.tpag,
            valor:
              vNF === '0.00' && r.extraPaid === '0'
                ? '0.01'
                : formatDecimal(sumDecimals([decimal(vNF), decimal(r.extraPaid)]), 2),
          },
          ambiente: r.ambiente,
          uf_destino_tipo: 'interna',
          ver_proc: r.ver_proc,
          nat_op: r.nat_op,
        };
      }),
  );

describe.skipIf(!HAVE_SHARED)(
  'property: random valid requests always give schema-valid XML',
  () => {
    it(
      '2000 random requests: zero schema failures under both packs, vNF as computed independently',
      { timeout: 120_000 },
      async () => {
        // Each run first lets the worker's event loop turn: 2000 runs at once held it past
        // vitest's 60 s RPC timeout on a busy machine.
        await fc.assert(
          fc.asyncProperty(
            requestArb,
            fc.integer({ min: 1, max: 999_999_999 }),
            fc.date({
              min: new Date('2000-01-02T00:00:00Z'),
              max: new Date('2099-12-30T00:00:00Z'),
              noInvalidDate: true,
            }),
            async (req, numero, issuedAt) => {
              await nextTurn();
              const { xml, chave } = buildNfe({
                ...req,
                numero,
                codigoNumerico: numero === 48151623 ? '48151624' : '48151623',
                issuedAt,
              });
              expect(schemaErrors(xml)).toEqual([]);
              expect(xml).toContain(`<vNF>${expectedTotal(req.itens)}</vNF>`);
              expect(chave).toHaveLength(44);
            },
          ),
          { numRuns: 2000 },
        );
      },
    );
  },
);
