import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { nfeSchemaDir, validateNfeXml, withPlaceholderSignature } from '@emissor/test-support';
import { describe, expect, it } from 'vitest';

import { buildableCst, buildNfe, IBS_CBS_CSTS, type NfeRequest } from '../src/index.js';
import { line, PARAMS } from './fixtures.js';
import { expectValidCanonical, HAVE_SHARED, leaves } from './helpers.js';
import {
  consistentLines,
  normalItem,
  normalRequest,
  rtcLine,
  type SphereVariant,
} from './rtc-fixtures.js';

const PL_010B = 'PL_010b_NT2025_002_v1.30';

function build(request: NfeRequest): string {
  return buildNfe({ ...request, ...PARAMS }).xml;
}

function pl010bErrors(xml: string): string[] {
  return validateNfeXml(withPlaceholderSignature(xml), PL_010B);
}

/** The variants each CST's indicators call for, plus a returned-tax one. */
function variantsOf(cst: string): SphereVariant[] {
  const row = IBS_CBS_CSTS.get(cst);
  if (!row || row.group !== 'gIBSCBS') return [{}];
  const base: SphereVariant = {
    ...(row.reduction ? { reduction: '60' } : {}),
    ...(row.deferral ? { deferral: '50' } : {}),
  };
  return [
    base,
    { ...base, returned: '0.10' },
    ...(row.reduction ? [{ ...base, reduction: '100' }] : []),
  ];
}

/** The CSTs whose values are the three sphere lines; rtc-groups.test.ts covers the other groups. */
const BUILDABLE = [...IBS_CBS_CSTS.keys()].filter(
  (cst) => buildableCst(cst) && ['gIBSCBS', 'none'].includes(IBS_CBS_CSTS.get(cst)?.group ?? ''),
);

describe.skipIf(!HAVE_SHARED)('IBS/CBS/IS documents validate under PL_010b', () => {
  for (const cst of BUILDABLE) {
    for (const variant of variantsOf(cst)) {
      it(`CST ${cst} ${JSON.stringify(variant)}`, () => {
        const xml = build(normalRequest([normalItem(consistentLines(cst, '500.00', variant))]));
        expect(pl010bErrors(xml)).toEqual([]);
        const values = leaves(xml);
        expect(values.get('NFe/infNFe/det[1]/imposto/IBSCBS/CST')).toBe(cst);
        expect(values.get('NFe/infNFe/det[1]/vItem')).toBe('500.00');
        expect(values.get('NFe/infNFe/total/vNFTot')).toBe(
          values.get('NFe/infNFe/total/ICMSTot/vNF'),
        );
        const row = IBS_CBS_CSTS.get(cst);
        expect(xml.includes('<gIBSCBS>')).toBe(row?.group === 'gIBSCBS');
        expect(xml.includes('<gRed>')).toBe(variant.reduction !== undefined);
        expect(xml.includes('<gDif>')).toBe(variant.deferral !== undefined);
        expect(xml.includes('<gDevTrib>')).toBe(variant.returned !== undefined);
      });
    }
  }

  it('IS ad valorem, with a specific rate and unit, and codes only', () => {
    const cases = [
      rtcLine('is', { base_calc: '500', aliquota: '10', valor: '50' }),
      rtcLine('is', {
        base_calc: '500',
        aliquota: '10',
        aliquota_especifica: '1.5',
        unidade_tributavel: 'LT',
        quantidade_tributavel: '10',
        valor: '65',
      }),
      rtcLine('is'),
    ];
    for (const is of cases) {
      const xml = build(normalRequest([normalItem([...consistentLines('000', '500.00'), is])]));
      expect(pl010bErrors(xml)).toEqual([]);
      const vIS = leaves(xml).get('NFe/infNFe/total/ISTot/vIS');
      expect(vIS).toBe(is.valor === '0' ? '0.00' : `${is.valor}.00`);
    }
  });

  it('IS alone (no IBS/CBS line) gets ISTot, vItem and vNFTot but no IBSCBSTot', () => {
    const xml = build(
      normalRequest([
        normalItem([rtcLine('is', { base_calc: '500', aliquota: '10', valor: '50' })]),
      ]),
    );
    expect(pl010bErrors(xml)).toEqual([]);
    expect(xml).not.toContain('IBSCBSTot');
    expect(xml).toContain('<ISTot><vIS>50.00</vIS></ISTot><vNFTot>500.00</vNFTot>');
  });

  it('a rich document: ST, IPI, PIS, COFINS, DIFAL items beside IBS/CBS/IS; vNFTot = vNF, not + taxes', () => {
    const st = [
      line('icms', { cst: '10', base_calc: '500', aliquota: '18', valor: '90' }),
      line('icms_st', { base_calc: '700', aliquota_st: '18', valor: '36', mva: '40' }),
      line('ipi', { cst: '50', base_calc: '500', aliquota: '10', valor: '50' }),
      line('pis', { cst: '01', base_calc: '500', aliquota: '1.65', valor: '8.25' }),
      line('cofins', { cst: '01', base_calc: '500', aliquota: '7.6', valor: '38' }),
      ...consistentLines('000', '403.75'),
      rtcLine('is', { base_calc: '500', aliquota: '2', valor: '10' }),
    ];
    const request = normalRequest([
      normalItem([], {
        fiscal_result: {
          cfop: '5102',
          consumidor_final: true,
          indicador_ie: '9',
          cst: '10',
          tributos: st,
        },
      }),
      normalItem(consistentLines('200', '500.00', { reduction: '60' })),
    ]);
    const xml = build(request);
    expect(pl010bErrors(xml)).toEqual([]);
    const v = leaves(xml);
    expect(v.get('NFe/infNFe/det[1]/vItem')).toBe('586.00'); // 500 + 36 ST + 50 IPI
    expect(v.get('NFe/infNFe/det[2]/vItem')).toBe('500.00');
    expect(v.get('NFe/infNFe/total/ICMSTot/vNF')).toBe('1086.00');
    expect(v.get('NFe/infNFe/total/vNFTot')).toBe('1086.00');
  });

  it('xmllint --schema agrees on a document with every group', () => {
    const probe = spawnSync('xmllint', ['--version']);
    if (probe.status !== 0) {
      console.warn('xmllint not installed: skipped (libxml2-wasm validated above)');
      return;
    }
    const xml = build(
      normalRequest([
        normalItem([
          ...consistentLines('515', '500.00', {
            reduction: '60',
            deferral: '50',
            returned: '0.01',
          }),
          rtcLine('is', { base_calc: '500', aliquota: '10', valor: '50' }),
        ]),
        normalItem(consistentLines('410', '0')),
      ]),
    );
    const dir = mkdtempSync(join(tmpdir(), 'rtc-xsd-'));
    try {
      const file = join(dir, 'nfe.xml');
      writeFileSync(file, withPlaceholderSignature(xml));
      const run = spawnSync(
        'xmllint',
        ['--noout', '--schema', join(nfeSchemaDir(PL_010B), 'nfe_v4.00.xsd'), file],
        { encoding: 'utf8' },
      );
      expect(run.stderr).toContain('validates');
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('PL_009 has no such groups: it refuses them (the groups are really written)', () => {
    const xml = build(normalRequest([normalItem(consistentLines('000', '500.00'))]));
    expect(validateNfeXml(withPlaceholderSignature(xml), 'PL_009_V4').join(' ')).toMatch(/IBSCBS/);
  });

  it('a document without IBS/CBS/IS lines has none of the groups and validates under both packs', () => {
    const xml = build(normalRequest([normalItem([])]));
    expect(xml).not.toMatch(/IBSCBS|ISTot|vItem|vNFTot/);
    expectValidCanonical(xml);
  });
});
