import { type NfeItem, type NfeRequest } from '@emissor/nfe-xml';
import { describe, expect, it } from 'vitest';

import { nfeRequest } from './helpers/documents.js';
import { builtNfe, CNPJ, rejectionOf } from './helpers/rule-verdict.js';

// The totals of the less common tax groups (desoneração, FCP-ST retained, monophase retention,
// PIS/COFINS-ST that compose the total, vTotTrib), on documents @emissor/nfe-xml wrote and then
// edited into what the API would have refused.

const RULE_ID = '00000000-0000-4000-8000-000000000000';
const base = nfeRequest(CNPJ);
const [ITEM] = base.itens;
if (!ITEM) throw new Error('item expected');

const line = (tax_domain: string, fields: Record<string, string>) => ({
  tax_domain,
  base_calc: '0',
  base_calc_percent: '100',
  valor: '0',
  rule_id: RULE_ID,
  ...fields,
});

/** An item of 10 × 50.00 with CST `cst` and `tributos`. */
const itemOf = (cst: string, tributos: ReturnType<typeof line>[], cfop = '5102'): NfeItem => ({
  ...ITEM,
  cfop,
  fiscal_result: { cfop, consumidor_final: true, indicador_ie: '9', cst, tributos },
});

/** A Regime Normal sale with desoneração, ST charged earlier, monophase fuel and PIS/COFINS-ST. */
const SALE: Partial<NfeRequest> = {
  emitente: { ...base.emitente, crt: '3' },
  itens: [
    itemOf('40', [
      line('icms', { cst: '40' }),
      line('icms_desonerado', { valor: '90', motivo: '9' }),
      line('tributos_aproximados', { valor: '150.10' }),
    ]),
    itemOf('60', [
      line('icms', { cst: '60' }),
      line('fcp_st_retido', { base_calc: '500', fcp_percent: '2', valor: '10' }),
    ]),
    itemOf(
      '15',
      [
        line('icms_mono', { aliquota_especifica: '1.47', valor: '14.70' }),
        line('icms_mono_retencao', { aliquota_especifica: '1.12', valor: '11.20' }),
      ],
      '5656',
    ),
    itemOf('00', [
      line('icms', { cst: '00', base_calc: '500', aliquota: '18', valor: '90' }),
      line('pis_st', { base_calc: '500', aliquota: '1.65', valor: '8.25', compoe_total: '1' }),
      line('cofins_st', { base_calc: '500', aliquota: '7.6', valor: '38', compoe_total: '1' }),
    ]),
  ],
  pagamento: { tpag: '01', valor: '2000' },
};

const built = (overrides: Partial<NfeRequest> = {}): string => builtNfe(overrides).xml;

const verdict = (xml: string): string | undefined => rejectionOf(xml)?.cStat;

describe('tax group totals of the local SEFAZ', () => {
  it('pass the sale as @emissor/nfe-xml wrote it (vNF = 2000 − 90 + 11.20 + 8.25 + 38)', () => {
    const xml = built(SALE);
    expect(xml).toContain('<vNF>1967.45</vNF>');
    expect(verdict(xml)).toBeUndefined();
  });

  it.each([
    [
      '795 vICMSDeson',
      '<vICMSDeson>90.00</vICMSDeson><vFCPUFDest>',
      '<vICMSDeson>9.00</vICMSDeson><vFCPUFDest>',
    ],
    [
      '859 vFCPSTRet',
      '<vFCPSTRet>10.00</vFCPSTRet><qBCMono>',
      '<vFCPSTRet>1.00</vFCPSTRet><qBCMono>',
    ],
    [
      '685 vTotTrib',
      '<vTotTrib>150.10</vTotTrib></ICMSTot>',
      '<vTotTrib>15.01</vTotTrib></ICMSTot>',
    ],
    ['610 vNF without the monophase retention', '<vNF>1967.45</vNF>', '<vNF>1956.25</vNF>'],
    ['610 vNF without PIS-ST and COFINS-ST', '<vNF>1967.45</vNF>', '<vNF>1921.20</vNF>'],
  ])('reject %s', (name, from, to) => {
    const xml = built(SALE);
    expect(xml).toContain(from);
    expect(verdict(xml.replace(from, to))).toBe(name.slice(0, 3));
  });
});
