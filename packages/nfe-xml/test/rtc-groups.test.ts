import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { nfeSchemaDir, validateNfeXml, withPlaceholderSignature } from '@emissor/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  buildNfe,
  checkRtcDocument,
  type NfeIssue,
  type NfeItem,
  type NfeRequest,
  NfeValidationError,
  readRtcDocument,
  type RtcDocument,
  type RtcIbsCbs,
} from '../src/index.js';
import { IBS_CBS_CSTS, sumIbsCbsGroups } from '../src/rtc/index.js';
import { PARAMS } from './fixtures.js';
import { expectValidCanonical, HAVE_SHARED, leaves } from './helpers.js';
import {
  codeLines,
  MONOFASIA,
  noteItem,
  REGULAR,
  requestForCst,
  richItem,
  tagOf,
  withGroups,
} from './rtc-group-fixtures.js';
import { consistentLines, normalItem, normalRequest, rtcLine } from './rtc-fixtures.js';

/* The IBSCBS groups beyond gIBSCBS (PL_010b TTribNFe): one document per CST of the research's
   table, the groups any CST may add, their totals, and the issues that name the request field. */

const PL_010B = 'PL_010b_NT2025_002_v1.30';
const CSTS = [...IBS_CBS_CSTS.keys()];

function build(request: NfeRequest, params = PARAMS): string {
  return buildNfe({ ...request, ...params }).xml;
}

function issuesOf(request: NfeRequest, params = PARAMS): NfeIssue[] {
  try {
    buildNfe({ ...request, ...params });
  } catch (error) {
    if (error instanceof NfeValidationError) return [...error.issues];
    throw error;
  }
  return [];
}

/** Validates every document with `xmllint --schema` in one run; empty when xmllint is absent. */
function xmllint(
  documents: readonly string[],
): { status: number | null; stderr: string } | undefined {
  if (spawnSync('xmllint', ['--version']).status !== 0) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'rtc-groups-'));
  try {
    const files = documents.map((xml, i) => {
      const file = join(dir, `nfe-${i}.xml`);
      writeFileSync(file, withPlaceholderSignature(xml));
      return file;
    });
    const run = spawnSync(
      'xmllint',
      ['--noout', '--schema', join(nfeSchemaDir(PL_010B), 'nfe_v4.00.xsd'), ...files],
      { encoding: 'utf8' },
    );
    return { status: run.status, stderr: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Integer cents of a money leaf ("12.34" → 1234n; absent → 0n). */
const cents = (text: string | undefined) => BigInt((text ?? '0.00').replace('.', ''));

describe('every CST of the research table', () => {
  const documents = CSTS.map((cst) => ({ cst, xml: build(requestForCst(cst)) }));

  for (const { cst, xml } of documents) {
    it(`CST ${cst}: the group its indicators call for, and nothing a receiver would reject`, () => {
      const tag = tagOf(cst);
      for (const group of [
        'gIBSCBS',
        'gIBSCBSMono',
        'gTransfCred',
        'gAjusteCompet',
        'gCredPresIBSZFM',
      ])
        expect(xml.includes(`<${group}>`), group).toBe(group === tag);
      const v = leaves(xml);
      expect(v.get('NFe/infNFe/det[1]/imposto/IBSCBS/CST')).toBe(cst);
      expect(v.get('NFe/infNFe/total/vNFTot')).toBe(v.get('NFe/infNFe/total/ICMSTot/vNF'));
      const period = '2026-11';
      expect(checkRtcDocument(readRtcDocument(xml), { year: 2026, period })).toEqual([]);
      if (HAVE_SHARED) expect(validateNfeXml(withPlaceholderSignature(xml), PL_010B)).toEqual([]);
    });
  }

  it.skipIf(!HAVE_SHARED)('xmllint --schema PL_010b validates all of them', () => {
    const run = xmllint(documents.map((d) => d.xml));
    if (!run) {
      console.warn('xmllint not installed: skipped (libxml2-wasm validated each above)');
      return;
    }
    expect(run.stderr.match(/ validates/g)?.length).toBe(documents.length);
    expect(run.status).toBe(0);
  });

  it('the monophase item (620): its totals computed, gMono of the totals summed', () => {
    const v = leaves(documents.find((d) => d.cst === '620')?.xml ?? '');
    const m = 'NFe/infNFe/det[1]/imposto/IBSCBS/gIBSCBSMono';
    // UB104-10/UB105-10: standard + retained − deferred; what was retained earlier is not owed.
    expect(v.get(`${m}/vTotIBSMonoItem`)).toBe('70.00');
    expect(v.get(`${m}/vTotCBSMonoItem`)).toBe('990.00');
    expect(v.get(`${m}/gMonoPadrao/qBCMono`)).toBe('1000.0000');
    const t = 'NFe/infNFe/total/IBSCBSTot/gMono';
    expect([
      v.get(`${t}/vIBSMono`),
      v.get(`${t}/vCBSMono`),
      v.get(`${t}/vIBSMonoReten`),
      v.get(`${t}/vCBSMonoReten`),
      v.get(`${t}/vIBSMonoRet`),
      v.get(`${t}/vCBSMonoRet`),
    ]).toEqual(['100.00', '900.00', '20.00', '180.00', '30.00', '270.00']);
  });

  it('the debit and credit notes carry no ICMS and write tpNFDebito / tpNFCredito', () => {
    const debit = documents.find((d) => d.cst === '800')?.xml ?? '';
    const credit = documents.find((d) => d.cst === '810')?.xml ?? '';
    expect(debit).toContain('<finNFe>6</finNFe><tpNFDebito>05</tpNFDebito><indFinal>');
    expect(credit).toContain('<finNFe>5</finNFe><tpNFCredito>02</tpNFCredito><indFinal>');
    expect(credit).toContain('<cUF>13</cUF>');
    for (const xml of [debit, credit]) expect(xml).not.toContain('<ICMS>');
  });
});

describe('groups any CST may add', () => {
  it('gEstornoCred, gCredPresOper and gTribRegular, in the XSD order, with their totals', () => {
    const xml = build(normalRequest([richItem(), richItem()]));
    if (HAVE_SHARED) expect(validateNfeXml(withPlaceholderSignature(xml), PL_010B)).toEqual([]);
    expect(xml).toContain(
      '<gCBS><pCBS>0.90</pCBS><vCBS>9.00</vCBS></gCBS><gTribRegular><CSTReg>000</CSTReg>' +
        '<cClassTribReg>000001</cClassTribReg><pAliqEfetRegIBSUF>0.10</pAliqEfetRegIBSUF>' +
        '<vTribRegIBSUF>1.00</vTribRegIBSUF><pAliqEfetRegIBSMun>0.00</pAliqEfetRegIBSMun>' +
        '<vTribRegIBSMun>0.00</vTribRegIBSMun><pAliqEfetRegCBS>0.90</pAliqEfetRegCBS>' +
        '<vTribRegCBS>9.00</vTribRegCBS></gTribRegular></gIBSCBS>' +
        '<gEstornoCred><vIBSEstCred>1.00</vIBSEstCred><vCBSEstCred>9.00</vCBSEstCred></gEstornoCred>' +
        '<gCredPresOper><vBCCredPres>1000.00</vBCCredPres><cCredPres>01</cCredPres>' +
        '<gIBSCredPres><pCredPres>1.00</pCredPres><vCredPres>0.01</vCredPres></gIBSCredPres>' +
        '<gCBSCredPres><pCredPres>1.00</pCredPres><vCredPres>0.09</vCredPres></gCBSCredPres>' +
        '</gCredPresOper></IBSCBS>',
    );
    const v = leaves(xml);
    const t = 'NFe/infNFe/total/IBSCBSTot';
    expect(v.get(`${t}/gIBS/vCredPres`)).toBe('0.02');
    expect(v.get(`${t}/gCBS/vCredPres`)).toBe('0.18');
    expect(v.get(`${t}/gEstornoCred/vIBSEstCred`)).toBe('2.00');
    expect(v.get(`${t}/gEstornoCred/vCBSEstCred`)).toBe('18.00');
    expect(xml).not.toContain('<gMono>');
    expect(checkRtcDocument(readRtcDocument(xml), { year: 2026 })).toEqual([]);
  });

  it('a credit under a suspensive condition: CBS from 2027 (UB130-10), refused in 2026', () => {
    // 2030 has no test-year rate, so the 2026 rates of the lines stand there too.
    const item = withGroups(normalItem(consistentLines('000', '1000.00')), {
      credito_presumido: {
        base_calc: '1000.00',
        codigo: '01',
        cbs: { percentual: '1', valor_condicao_suspensiva: '0.09' },
      },
    });
    const later = { ...PARAMS, issuedAt: new Date('2030-03-10T12:00:00Z') };
    const xml = build(normalRequest([item]), later);
    expect(xml).toContain('<vCredPresCondSus>0.09</vCredPresCondSus></gCBSCredPres>');
    expect(leaves(xml).get('NFe/infNFe/total/IBSCBSTot/gCBS/vCredPresCondSus')).toBe('0.09');
    if (HAVE_SHARED) expect(validateNfeXml(withPlaceholderSignature(xml), PL_010B)).toEqual([]);
    expect(issuesOf(normalRequest([item]))).toEqual([
      expect.objectContaining({
        path: ['itens', 0, 'fiscal_result', 'ibs_cbs', 'credito_presumido'],
        type: 'ibs_cbs_rule',
        message: expect.stringMatching(/^UB130-10 \(SEFAZ rejection 1060\)/),
      }),
    ]);
  });

  it('a government purchase: gCompraGov, gRed with the reducer, gTribCompraGov (research vector 10 % − 40 % − 5 % = 5.7 %)', () => {
    const line = (domain: 'ibs_uf' | 'ibs_mun' | 'cbs', aliquota: string, valor: string) =>
      rtcLine(domain, {
        cst: '200',
        classificacao_tributaria: '200034',
        base_calc: '1000.00',
        aliquota,
        valor,
        reducao_aliquota_percent: '40',
      });
    const split = {
      aliquota_ibs_uf: '5',
      valor_ibs_uf: '50.00',
      aliquota_ibs_mun: '0.5',
      valor_ibs_mun: '5.00',
      aliquota_cbs: '0.77',
      valor_cbs: '7.70',
    };
    const item = withGroups(
      normalItem([
        line('ibs_uf', '10', '57.00'),
        line('ibs_mun', '0', '0'),
        line('cbs', '1', '5.70'),
      ]),
      { compra_governamental: split },
    );
    const government = {
      compra_governamental: { tipo_ente: '2', percentual_reducao: '5', tipo_operacao: '1' },
    };
    const later = { ...PARAMS, issuedAt: new Date('2030-03-10T12:00:00Z') };
    const xml = build(normalRequest([item], government), later);
    if (HAVE_SHARED) expect(validateNfeXml(withPlaceholderSignature(xml), PL_010B)).toEqual([]);
    expect(xml).toContain(
      '<verProc>emissor-test</verProc><gCompraGov><tpEnteGov>2</tpEnteGov><pRedutor>5.00</pRedutor><tpOperGov>1</tpOperGov></gCompraGov></ide>',
    );
    expect(xml).toContain('<gRed><pRedAliq>40.00</pRedAliq><pAliqEfet>5.70</pAliqEfet></gRed>');
    expect(xml).toContain('<gTribCompraGov><pAliqIBSUF>5.00</pAliqIBSUF>');
    expect(checkRtcDocument(readRtcDocument(xml))).toEqual([]);

    // UB82a-10: a government purchase without gTribCompraGov; UB82a-20: a split that is off.
    const without = { ...item, fiscal_result: { ...item.fiscal_result, ibs_cbs: null } };
    expect(issuesOf(normalRequest([without], government), later)).toEqual([
      expect.objectContaining({
        path: ['itens', 0, 'fiscal_result', 'ibs_cbs', 'compra_governamental'],
        message: expect.stringMatching(/^UB82a-10 \(SEFAZ rejection 1141\)/),
      }),
    ]);
    const off = withGroups(item, { compra_governamental: { ...split, valor_cbs: '7.75' } });
    expect(issuesOf(normalRequest([off], government), later)).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/^UB82a-20 \(SEFAZ rejection 1142\)/),
      }),
    ]);
    // UB82a-30: gTribCompraGov without a government purchase.
    expect(issuesOf(normalRequest([item]), later)).toContainEqual(
      expect.objectContaining({
        message: expect.stringMatching(/^UB82a-30 \(SEFAZ rejection 1144\)/),
      }),
    );
  });

  it('a government purchase on a CST without reduction gets gRed with pRedAliq 0 and the reducer', () => {
    const lines = (['ibs_uf', 'ibs_mun', 'cbs'] as const).map((domain) =>
      rtcLine(domain, {
        base_calc: '1000.00',
        aliquota: domain === 'cbs' ? '0.90' : domain === 'ibs_uf' ? '0.10' : '0',
        valor: domain === 'cbs' ? '8.10' : domain === 'ibs_uf' ? '0.90' : '0',
      }),
    );
    const item = withGroups(normalItem(lines), {
      compra_governamental: {
        aliquota_ibs_uf: '0.10',
        valor_ibs_uf: '0.90',
        aliquota_ibs_mun: '0',
        valor_ibs_mun: '0',
        aliquota_cbs: '0.90',
        valor_cbs: '8.10',
      },
    });
    const xml = build(
      normalRequest([item], {
        compra_governamental: { tipo_ente: '4', percentual_reducao: '10', tipo_operacao: '1' },
      }),
    );
    expect(xml).toContain(
      '<gCBS><pCBS>0.90</pCBS><gRed><pRedAliq>0.00</pRedAliq><pAliqEfet>0.81</pAliqEfet></gRed><vCBS>8.10</vCBS></gCBS>',
    );
    expect(xml).toContain('<gIBSMun><pIBSMun>0.00</pIBSMun><vIBSMun>0.00</vIBSMun></gIBSMun>');
    if (HAVE_SHARED) expect(validateNfeXml(withPlaceholderSignature(xml), PL_010B)).toEqual([]);
  });
});

const GROUPS = ['itens', 0, 'fiscal_result', 'ibs_cbs'];

describe('issues naming fiscal_result.ibs_cbs', () => {
  const cases: {
    name: string;
    request: NfeRequest;
    path: (string | number)[];
    message: RegExp;
  }[] = [
    {
      name: 'CST 620 without monofasia',
      request: normalRequest([normalItem(codeLines('620'))]),
      path: [...GROUPS, 'monofasia'],
      message: /^UB13-40 \(SEFAZ rejection 1116\): CST 620 requires gIBSCBSMono/,
    },
    {
      name: 'monofasia on CST 000 (which has gIBSCBS)',
      request: normalRequest([
        withGroups(normalItem(consistentLines('000', '500.00')), { monofasia: MONOFASIA }),
      ]),
      path: [...GROUPS, 'monofasia'],
      message: /^UB13-39 \(SEFAZ rejection 1151\): CST 000 takes no gIBSCBSMono/,
    },
    {
      name: 'CST 811 without ajuste_competencia (UB112-20)',
      request: normalRequest([normalItem(codeLines('811'))]),
      path: [...GROUPS, 'ajuste_competencia'],
      message: /^UB112-20 \(SEFAZ rejection 1170\)/,
    },
    {
      name: 'ajuste_competencia of zeros (UB112-30)',
      request: normalRequest([
        withGroups(normalItem(codeLines('811')), {
          ajuste_competencia: { competencia: '2026-10', valor_ibs: '0', valor_cbs: '0' },
        }),
      ]),
      path: [...GROUPS, 'ajuste_competencia'],
      message: /^UB112-30 \(SEFAZ rejection 1171\)/,
    },
    {
      name: 'a credit transfer outside a debit note (UB106-30)',
      request: normalRequest([
        withGroups(normalItem(codeLines('800')), {
          transferencia_credito: { valor_ibs: '1', valor_cbs: '9' },
        }),
      ]),
      path: [...GROUPS, 'transferencia_credito'],
      message: /^UB106-30 \(SEFAZ rejection 1133\)/,
    },
    {
      name: 'a credit transfer in a debit note of another type (UB106-31)',
      request: normalRequest(
        [
          withGroups(noteItem(codeLines('800')), {
            transferencia_credito: { valor_ibs: '1', valor_cbs: '9' },
          }),
        ],
        { fin_nfe: '6', tp_nf_debito: '02' },
      ),
      path: [...GROUPS, 'transferencia_credito'],
      message: /^UB106-31 \(SEFAZ rejection 1168\)/,
    },
    {
      name: 'the ZFM credit from an emitter outside Amazonas (UB109-10)',
      request: normalRequest(
        [
          withGroups(noteItem(codeLines('810')), {
            credito_presumido_zfm: { competencia: '2026-10', tipo: '1', valor: '5' },
          }),
        ],
        { fin_nfe: '5', tp_nf_credito: '02' },
      ),
      path: [...GROUPS, 'credito_presumido_zfm'],
      message: /^UB109-10 \(SEFAZ rejection 1134\)/,
    },
    {
      name: 'a ZFM credit period after the month of issue (UB132-10)',
      request: {
        ...requestForCst('810'),
        itens: [
          withGroups(noteItem(codeLines('810')), {
            credito_presumido_zfm: { competencia: '2026-12', tipo: '1', valor: '5' },
          }),
        ],
      },
      path: [...GROUPS, 'credito_presumido_zfm'],
      message: /^UB132-10 \(SEFAZ rejection 1160\)/,
    },
    {
      name: 'an estorno of zeros (UB116-30)',
      request: normalRequest([
        withGroups(normalItem(consistentLines('000', '500.00')), {
          estorno_credito: { valor_ibs: '0', valor_cbs: '0' },
        }),
      ]),
      path: [...GROUPS, 'estorno_credito'],
      message: /^UB116-30 \(SEFAZ rejection 1174\)/,
    },
    {
      name: 'a regular-taxation value that is not base × rate (UB72d-10)',
      request: normalRequest([
        withGroups(richItem(), {
          tributacao_regular: { ...REGULAR, valor_cbs: '9.50' },
        }),
      ]),
      path: [...GROUPS, 'tributacao_regular'],
      message: /^UB72d-10 \(SEFAZ rejection 1068\)/,
    },
  ];
  for (const c of cases)
    it(c.name, () => {
      expect(issuesOf(c.request)).toEqual([
        expect.objectContaining({
          path: c.path,
          type: 'ibs_cbs_rule',
          message: expect.stringMatching(c.message),
        }),
      ]);
    });

  it('two ZFM credits of one tipo in a document (UB133-10), on the second item only', () => {
    const zfm = (tipo: string) =>
      withGroups(noteItem(codeLines('810')), {
        credito_presumido_zfm: { competencia: '2026-10', tipo, valor: '5' },
      });
    const base = requestForCst('810');
    expect(issuesOf({ ...base, itens: [zfm('1'), zfm('2')] })).toEqual([]);
    expect(issuesOf({ ...base, itens: [zfm('1'), zfm('1')] })).toEqual([
      expect.objectContaining({
        path: ['itens', 1, 'fiscal_result', 'ibs_cbs', 'credito_presumido_zfm'],
        message: expect.stringMatching(/^UB133-10 \(SEFAZ rejection 1136\)/),
      }),
    ]);
  });

  it('a debit note of stock loss (tpNFDebito 07) needs no gIBSCBS (UB13-30 exception), and its zero reversal passes (UB116-30)', () => {
    const ibsCbs: RtcIbsCbs = {
      CST: '000',
      cClassTrib: '000001',
      gEstornoCred: { vIBSEstCred: '0.00', vCBSEstCred: '0.00' },
    };
    const loss: RtcDocument = {
      finNFe: '6',
      tpNFDebito: '07',
      itens: [{ nItem: 1, IBSCBS: ibsCbs, vItem: '500.00' }],
      IBSCBSTot: sumIbsCbsGroups([ibsCbs]),
      vNFTot: '500.00',
    };
    expect(checkRtcDocument(loss)).toEqual([]);
    expect(checkRtcDocument({ ...loss, tpNFDebito: '05' }).map((v) => [v.rule, v.cStat])).toEqual([
      ['UB13-30', 1022],
      ['UB116-30', 1174],
    ]);
  });

  it('field checks: a period, a code, a quantity, and one of the two credit values', () => {
    const issues = issuesOf(
      normalRequest([
        withGroups(normalItem(consistentLines('000', '500.00')), {
          credito_presumido: { base_calc: '500', codigo: '1', ibs: { percentual: '1' } },
        }),
        withGroups(normalItem(codeLines('811')), {
          ajuste_competencia: { competencia: '2024-12', valor_ibs: '1', valor_cbs: '1' },
        }),
        withGroups(normalItem(codeLines('620')), {
          monofasia: { padrao: { ...MONOFASIA.padrao!, quantidade: '1.23456' } },
        }),
      ]),
    );
    expect(issues.map((i) => [i.path.join('.'), i.type])).toEqual([
      ['itens.0.fiscal_result.ibs_cbs.credito_presumido.codigo', 'string_pattern_mismatch'],
      ['itens.0.fiscal_result.ibs_cbs.credito_presumido.ibs', 'ibs_cbs_group_mismatch'],
      ['itens.1.fiscal_result.ibs_cbs.ajuste_competencia.competencia', 'string_pattern_mismatch'],
      ['itens.2.fiscal_result.ibs_cbs.monofasia.padrao.quantidade', 'decimal_max_places'],
    ]);
  });

  it('ibs_cbs without IBS/CBS lines, and a debit note with an ICMS line or without its type', () => {
    expect(
      issuesOf(normalRequest([withGroups(normalItem([]), { monofasia: MONOFASIA })])).map(
        (i) => i.type,
      ),
    ).toEqual(['tax_line_missing']);
    const debit = normalRequest(
      [
        withGroups(normalItem(codeLines('800')), {
          transferencia_credito: { valor_ibs: '1', valor_cbs: '9' },
        }),
      ],
      { fin_nfe: '6' },
    );
    expect(issuesOf(debit).map((i) => [i.path.join('.'), i.type])).toEqual([
      ['tp_nf_debito', 'missing'],
      ['itens.0.fiscal_result.tributos.0', 'tax_line_mismatch'],
    ]);
  });
});

/** Random items over every CST and the optional groups; money as integer cents. */
const money = (min: number, max: number) =>
  fc.integer({ min, max }).map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`);

const randomItem: fc.Arbitrary<NfeItem> = fc
  .record({
    cst: fc.constantFrom('000', '200', '510', '620', '811', '410'),
    base: money(100, 9_999_999),
    estorno: fc.option(fc.tuple(money(1, 99_999), money(0, 99_999)), { nil: undefined }),
    credit: fc.option(fc.tuple(money(0, 99_999), money(0, 99_999)), { nil: undefined }),
    mono: fc.tuple(money(0, 999_999), money(0, 999_999), money(0, 99_999), money(0, 99_999)),
  })
  .map((r) => {
    let base: NfeItem;
    if (r.cst === '620')
      base = withGroups(normalItem(codeLines('620')), {
        monofasia: {
          padrao: {
            quantidade: '10',
            ad_rem_ibs: '0.10',
            valor_ibs: r.mono[0],
            ad_rem_cbs: '0.90',
            valor_cbs: r.mono[1],
          },
          retido_anteriormente: {
            quantidade: '5',
            ad_rem_ibs: '0.10',
            valor_ibs: r.mono[2],
            ad_rem_cbs: '0.90',
            valor_cbs: r.mono[3],
          },
        },
      });
    else if (r.cst === '811')
      base = withGroups(normalItem(codeLines('811')), {
        ajuste_competencia: { competencia: '2026-01', valor_ibs: '1.00', valor_cbs: r.mono[1] },
      });
    else
      base = normalItem(
        consistentLines(r.cst, r.cst === '410' ? '0' : r.base, {
          ...(r.cst === '200' ? { reduction: '60' } : {}),
          ...(r.cst === '510' ? { deferral: '50' } : {}),
        }),
      );
    const groups = { ...(base.fiscal_result.ibs_cbs ?? {}) };
    if (r.estorno) groups.estorno_credito = { valor_ibs: r.estorno[0], valor_cbs: r.estorno[1] };
    if (r.credit)
      groups.credito_presumido = {
        base_calc: r.base,
        codigo: '01',
        ibs: { percentual: '1', valor: r.credit[0] },
        cbs: { percentual: '1', valor: r.credit[1] },
      };
    return withGroups(base, groups);
  });

describe('random documents with every group (fast-check)', () => {
  it('valid under PL_010b, accepted by the rules, IBSCBSTot equal to the item sums to the cent', () => {
    fc.assert(
      fc.property(fc.array(randomItem, { minLength: 1, maxLength: 5 }), (itens) => {
        const xml = build(normalRequest(itens));
        if (HAVE_SHARED) expect(validateNfeXml(withPlaceholderSignature(xml), PL_010B)).toEqual([]);
        expect(checkRtcDocument(readRtcDocument(xml), { year: 2026 })).toEqual([]);
        const v = leaves(xml);
        const sum = (path: string) =>
          itens.reduce(
            (total, _, i) =>
              total + cents(v.get(`NFe/infNFe/det[${i + 1}]/imposto/IBSCBS/${path}`)),
            0n,
          );
        const T = 'NFe/infNFe/total/IBSCBSTot';
        const anyMono = itens.some((i) => i.fiscal_result.ibs_cbs?.monofasia);
        const anyEstorno = itens.some((i) => i.fiscal_result.ibs_cbs?.estorno_credito);
        expect(xml.includes('<gMono>')).toBe(anyMono);
        expect(v.has(`${T}/gEstornoCred/vIBSEstCred`)).toBe(anyEstorno);
        expect(cents(v.get(`${T}/gMono/vIBSMono`))).toBe(sum('gIBSCBSMono/gMonoPadrao/vIBSMono'));
        expect(cents(v.get(`${T}/gMono/vCBSMono`))).toBe(sum('gIBSCBSMono/gMonoPadrao/vCBSMono'));
        expect(cents(v.get(`${T}/gMono/vIBSMonoRet`))).toBe(
          sum('gIBSCBSMono/gMonoRet/vIBSMonoRet'),
        );
        expect(cents(v.get(`${T}/gMono/vCBSMonoRet`))).toBe(
          sum('gIBSCBSMono/gMonoRet/vCBSMonoRet'),
        );
        expect(cents(v.get(`${T}/gEstornoCred/vIBSEstCred`))).toBe(sum('gEstornoCred/vIBSEstCred'));
        expect(cents(v.get(`${T}/gEstornoCred/vCBSEstCred`))).toBe(sum('gEstornoCred/vCBSEstCred'));
        expect(cents(v.get(`${T}/gIBS/vCredPres`))).toBe(
          sum('gCredPresOper/gIBSCredPres/vCredPres'),
        );
        expect(cents(v.get(`${T}/gCBS/vCredPres`))).toBe(
          sum('gCredPresOper/gCBSCredPres/vCredPres'),
        );
        expect(cents(v.get(`${T}/vBCIBSCBS`))).toBe(sum('gIBSCBS/vBC'));
        expect(cents(v.get(`${T}/gCBS/vCBS`))).toBe(sum('gIBSCBS/gCBS/vCBS'));
        // Per item: vTotIBSMonoItem = vIBSMono (no retention or deferral in these items).
        itens.forEach((_, i) => {
          const m = `NFe/infNFe/det[${i + 1}]/imposto/IBSCBS/gIBSCBSMono`;
          if (v.has(`${m}/vTotIBSMonoItem`))
            expect(v.get(`${m}/vTotIBSMonoItem`)).toBe(v.get(`${m}/gMonoPadrao/vIBSMono`));
        });
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe('without the groups', () => {
  it('a document without IBS/CBS/IS is valid under both packs, with no gCompraGov or tpNF*', () => {
    const xml = build(normalRequest([normalItem([])]));
    expect(xml).not.toMatch(/IBSCBS|gCompraGov|tpNFDebito|tpNFCredito|vNFTot/);
    if (HAVE_SHARED) expectValidCanonical(xml);
  });
});
