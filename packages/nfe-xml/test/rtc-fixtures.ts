import { type NfeItem, type NfeRequest, type NfeTributoLinha } from '../src/index.js';
import { IBS_CBS_CSTS } from '../src/rtc/index.js';
import { item, line, request } from './fixtures.js';

/** An IBS/CBS/IS line with the 2026 default codes (CST 000, cClassTrib 000001); override the rest. */
export function rtcLine(
  domain: 'ibs_uf' | 'ibs_mun' | 'cbs' | 'is',
  fields: Partial<NfeTributoLinha> = {},
): NfeTributoLinha {
  return line(domain, { cst: '000', classificacao_tributaria: '000001', ...fields });
}

/** The three IBS/CBS lines of one item at the 2026 test rates on `base` (values given by the caller). */
export function ibsCbsLines(
  base: string,
  values: { uf: string; mun?: string; cbs: string },
  fields: Partial<NfeTributoLinha> = {},
): NfeTributoLinha[] {
  return [
    rtcLine('ibs_uf', { base_calc: base, aliquota: '0.10', valor: values.uf, ...fields }),
    rtcLine('ibs_mun', { base_calc: base, aliquota: '0', valor: values.mun ?? '0', ...fields }),
    rtcLine('cbs', { base_calc: base, aliquota: '0.90', valor: values.cbs, ...fields }),
  ];
}

/** An item of a Regime Normal emitter (ICMS CST 00 at 18 %) with extra tax lines. */
export function normalItem(extra: NfeTributoLinha[], overrides: Partial<NfeItem> = {}): NfeItem {
  const base = overrides.quantidade && overrides.valor_unitario ? undefined : '500';
  return item({
    fiscal_result: {
      cfop: '5102',
      consumidor_final: true,
      indicador_ie: '9',
      cst: '00',
      tributos: [
        line('icms', {
          cst: '00',
          base_calc: base ?? '0',
          aliquota: '18',
          valor: base ? '90' : '0',
        }),
        ...extra,
      ],
    },
    ...overrides,
  });
}

/** A Regime Normal (CRT 3) request with these items, paid in full. */
export function normalRequest(itens: NfeItem[], overrides: Partial<NfeRequest> = {}): NfeRequest {
  return request({
    emitente: { ...request().emitente, crt: '3' },
    itens,
    pagamento: { tpag: '01', valor: '1000000' },
    ...overrides,
  });
}

export interface SphereVariant {
  /** pRedAliq, percent. */
  reduction?: string;
  /** pDif, percent. */
  deferral?: string;
  /** vDevTrib, on the CBS line (the only sphere with a rate in 2026). */
  returned?: string;
}

const RATES = { ibs_uf: '0.10', ibs_mun: '0', cbs: '0.90' } as const;

/**
 * The three IBS/CBS lines of CST `cst` on `base`, with values that satisfy the rules, computed here
 * in integer hundred-thousandths of a cent, independently of src/rtc/arithmetic.ts.
 */
export function consistentLines(
  cst: string,
  base: string,
  variant: SphereVariant = {},
  rates: Partial<Record<'ibs_uf' | 'ibs_mun' | 'cbs', string>> = {},
): NfeTributoLinha[] {
  if (IBS_CBS_CSTS.get(cst)?.group === 'none')
    return (['ibs_uf', 'ibs_mun', 'cbs'] as const).map((domain) =>
      rtcLine(domain, { cst, classificacao_tributaria: `${cst}001` }),
    );
  return (['ibs_uf', 'ibs_mun', 'cbs'] as const).map((domain) => {
    const rate = rates[domain] ?? RATES[domain];
    const applied = variant.reduction ? effective(rate, variant.reduction) : rate;
    const tax = percent(base, applied);
    const deferred = variant.deferral ? roundCents(percentExact(tax, variant.deferral)) : 0n;
    // Tax is returned only out of what is left to pay.
    const left = roundCents(tax) - deferred;
    const returned =
      domain === 'cbs' && variant.returned && cents(variant.returned) <= left
        ? variant.returned
        : undefined;
    const value = left - cents(returned ?? '0');
    return rtcLine(domain, {
      cst,
      classificacao_tributaria: `${cst}001`,
      base_calc: base,
      aliquota: rate,
      valor: money(value < 0n ? 0n : value),
      ...(variant.reduction ? { reducao_aliquota_percent: variant.reduction } : {}),
      ...(variant.deferral ? { diferimento_percent: variant.deferral } : {}),
      ...(returned ? { valor_devolvido: returned } : {}),
    });
  });
}

// Exact arithmetic on scaled BigInts: values in units of 10^-12.
const SCALE = 12;
function scaled(text: string): bigint {
  const [int = '0', frac = ''] = text.split('.');
  return BigInt(int + frac.padEnd(SCALE, '0').slice(0, SCALE));
}
function unscaled(v: bigint): string {
  const s = v.toString().padStart(SCALE + 1, '0');
  return `${s.slice(0, -SCALE)}.${s.slice(-SCALE)}`;
}
const ONE = 10n ** BigInt(SCALE);
function mul(a: bigint, b: bigint): bigint {
  return (a * b) / ONE;
}
/** rate × (1 − reduction/100), rounded half up to 4 places. */
function effective(rate: string, reduction: string): string {
  const v = mul(scaled(rate), ONE - scaled(reduction) / 100n);
  const unit = 10n ** BigInt(SCALE - 4);
  return unscaled(((v + unit / 2n) / unit) * unit);
}
function percent(base: string, rate: string): bigint {
  return mul(scaled(base), scaled(rate)) / 100n;
}
function percentExact(value: bigint, rate: string): bigint {
  return mul(value, scaled(rate)) / 100n;
}
function roundCents(v: bigint): bigint {
  const unit = 10n ** BigInt(SCALE - 2);
  return (v + unit / 2n) / unit;
}
function cents(text: string): bigint {
  return roundCents(scaled(text));
}
function money(c: bigint): string {
  const s = c.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}
