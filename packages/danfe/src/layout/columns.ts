import { formatDecimal, formatMoney, formatRate, isZeroDecimal } from '../format/decimal.js';
import type { Item, NfeData } from '../model/types.js';
import { LEFT, WIDTH } from './geometry.js';

/** What a column shows for one item, already formatted. */
export interface Column {
  readonly key: string;
  readonly title: string;
  /** Width in points; the description column takes what the others leave. */
  readonly width: number;
  readonly align: 'left' | 'center' | 'right';
  readonly value: (item: Item) => string;
}

/** A column placed on the sheet. */
export interface PlacedColumn extends Column {
  readonly x: number;
}

/** Decimal places of quantity and unit price (MOC fixes none; the XML allows 4 and 10). */
export interface ItemDecimals {
  readonly quantity: number;
  readonly unitPrice: number;
}

const rate = (value: string | undefined): string => (value === undefined ? '' : formatRate(value));

/**
 * The columns of "Dados dos Produtos/Serviços" (MOC §3.1.7, §3.2): the twelve it forbids dropping,
 * plus discount and IPI; BC/valor ICMS ST only when some item has ST, since they take room from
 * the description.
 */
export function productColumns(nfe: NfeData, decimals: ItemDecimals): PlacedColumn[] {
  const hasSt = nfe.items.some(
    (i) =>
      (i.icmsStBase !== undefined && !isZeroDecimal(i.icmsStBase)) ||
      (i.icmsStValue !== undefined && !isZeroDecimal(i.icmsStValue)),
  );
  const columns: (Column | null)[] = [
    { key: 'code', title: 'CÓDIGO PRODUTO', width: 44, align: 'left', value: (i) => i.code },
    { key: 'description', title: 'DESCRIÇÃO DO PRODUTO / SERVIÇO', width: 0, align: 'left', value: (i) => i.description },
    { key: 'ncm', title: 'NCM/SH', width: 30, align: 'center', value: (i) => i.ncm ?? '' },
    { key: 'cst', title: 'O/CST', width: 18, align: 'center', value: (i) => i.cst ?? '' },
    { key: 'cfop', title: 'CFOP', width: 18, align: 'center', value: (i) => i.cfop ?? '' },
    { key: 'unit', title: 'UN', width: 18, align: 'center', value: (i) => i.unit ?? '' },
    { key: 'quantity', title: 'QUANT.', width: 36, align: 'right', value: (i) => formatDecimal(i.quantity, decimals.quantity) },
    { key: 'unitPrice', title: 'VALOR UNIT.', width: 38, align: 'right', value: (i) => formatDecimal(i.unitPrice, decimals.unitPrice) },
    { key: 'discount', title: 'VALOR DESC.', width: 30, align: 'right', value: (i) => formatMoney(i.discount) },
    { key: 'total', title: 'VALOR TOTAL', width: 38, align: 'right', value: (i) => formatMoney(i.total) },
    { key: 'icmsBase', title: 'B.CÁLC. ICMS', width: 36, align: 'right', value: (i) => formatMoney(i.icmsBase) },
    hasSt ? { key: 'icmsStBase', title: 'B.CÁLC. ICMS ST', width: 34, align: 'right', value: (i) => formatMoney(i.icmsStBase) } : null,
    hasSt ? { key: 'icmsStValue', title: 'VALOR ICMS ST', width: 32, align: 'right', value: (i) => formatMoney(i.icmsStValue) } : null,
    { key: 'icmsValue', title: 'VALOR ICMS', width: 32, align: 'right', value: (i) => formatMoney(i.icmsValue) },
    { key: 'ipiValue', title: 'VALOR IPI', width: 28, align: 'right', value: (i) => formatMoney(i.ipiValue) },
    { key: 'icmsRate', title: 'ALÍQ. ICMS', width: 19, align: 'right', value: (i) => rate(i.icmsRate) },
    { key: 'ipiRate', title: 'ALÍQ. IPI', width: 19, align: 'right', value: (i) => rate(i.ipiRate) },
  ]; // prettier-ignore
  const present = columns.filter((c): c is Column => c !== null);
  const fixed = present.reduce((sum, c) => sum + c.width, 0);
  let x = LEFT;
  return present.map((c) => {
    const width = c.key === 'description' ? WIDTH - fixed : c.width;
    const placed = { ...c, width, x };
    x += width;
    return placed;
  });
}
