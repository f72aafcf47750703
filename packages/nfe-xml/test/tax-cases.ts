import type { NfeTributoLinha } from '../src/index.js';
import { line } from './fixtures.js';

/*
 * The test's own reading of leiauteNFe_v4.00.xsd + docs/api-rules.md "Tax lines": for each CST/CSOSN, which tax
 * lines the group needs or admits. Kept independent of the library's tables on purpose.
 */
export interface GroupShape {
  readonly own: 'required' | 'optional' | 'none';
  /** Own block has pRedBC (required for 20/70, optional for 51/90/SN900). */
  readonly reduced: boolean;
  readonly fcp: boolean;
  readonly st: 'required' | 'optional' | 'none';
  readonly credit: boolean;
}

const S = (
  own: GroupShape['own'],
  reduced: boolean,
  fcp: boolean,
  st: GroupShape['st'],
  credit = false,
): GroupShape => ({
  own,
  reduced,
  fcp,
  st,
  credit,
});

export const CST_SHAPES: Record<string, GroupShape> = {
  '00': S('required', false, true, 'none'),
  '10': S('required', false, true, 'required'),
  '20': S('required', true, true, 'none'),
  '30': S('none', false, false, 'required'),
  '40': S('none', false, false, 'none'),
  '41': S('none', false, false, 'none'),
  '50': S('none', false, false, 'none'),
  '51': S('optional', true, true, 'none'),
  '60': S('none', false, false, 'none'),
  '70': S('required', true, true, 'required'),
  '90': S('optional', true, true, 'optional'),
};

export const CSOSN_SHAPES: Record<string, GroupShape> = {
  '101': S('none', false, false, 'none', true),
  '102': S('none', false, false, 'none'),
  '103': S('none', false, false, 'none'),
  '300': S('none', false, false, 'none'),
  '400': S('none', false, false, 'none'),
  '201': S('none', false, false, 'required', true),
  '202': S('none', false, false, 'required'),
  '203': S('none', false, false, 'required'),
  '500': S('none', false, false, 'none'),
  '900': S('optional', true, false, 'optional'),
};

/** Tax lines for a group: `full` adds every optional block the group admits. */
export function icmsLines(code: string, simples: boolean, full: boolean): NfeTributoLinha[] {
  const shape = (simples ? CSOSN_SHAPES : CST_SHAPES)[code];
  if (!shape) throw new Error(`no shape for ${code}`);
  const codeField = simples ? { csosn: code } : { cst: code };
  const lines: NfeTributoLinha[] = [];
  const withOwn = shape.own === 'required' || (shape.own === 'optional' && full);
  if (withOwn) {
    lines.push(
      line('icms', {
        ...codeField,
        base_calc: '500',
        aliquota: '18',
        valor: '90',
        base_calc_percent:
          shape.reduced && full ? '80' : shape.reduced && shape.own === 'required' ? '80' : '100',
        codigo_beneficio: full ? 'SP123456' : null,
      }),
    );
  } else if (shape.credit) {
    lines.push(line('icms', { ...codeField, base_calc: '500', aliquota: '1.25', valor: '6.25' }));
  } else if (full) {
    lines.push(line('icms', { ...codeField })); // a zero line that only names the code
  }
  if (shape.fcp && full && withOwn)
    lines.push(line('fcp', { base_calc: '500', fcp_percent: '2', valor: '10' }));
  const withSt = shape.st === 'required' || (shape.st === 'optional' && full);
  if (withSt) {
    lines.push(
      line('icms_st', {
        base_calc: '600',
        aliquota_st: '18',
        valor: '18',
        ...(full ? { mva: '40.5', base_calc_percent: '90' } : {}),
      }),
    );
    if (full) lines.push(line('fcp_st', { base_calc: '600', fcp_percent: '2', valor: '2' }));
  }
  return lines;
}

/** The ICMS + ST value these lines add to vNF (only ST and FCP-ST do). */
export function stAddsToTotal(lines: NfeTributoLinha[]): number {
  return lines
    .filter((l) => l.tax_domain === 'icms_st' || l.tax_domain === 'fcp_st')
    .reduce((sum, l) => sum + Number(l.valor), 0);
}
