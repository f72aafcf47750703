import {
  formatDecimal,
  formatMoney,
  formatRate,
  isZeroDecimal,
  sameDecimal,
} from '../format/decimal.js';
import type { Item } from '../model/types.js';
import type { ItemDecimals, PlacedColumn } from './columns.js';
import { FONT, RIGHT, ROW_LINE, ROW_PADDING, SIZE } from './geometry.js';
import { wrapText, type Measure } from './measure.js';

/** One item laid out: its lines in the code and description columns and the full-width lines under them. */
export interface ItemRows {
  readonly item: Item;
  readonly code: readonly string[];
  readonly description: readonly string[];
  /** Lines under the item across the value columns (tributável data, IBS/CBS, IS). */
  readonly extra: readonly string[];
  /** Rows the item takes: max(code, description) then the extra lines. */
  readonly rows: number;
}

/** Height of `rows` rows of one item (its padding included). */
export function rowsHeight(rows: number): number {
  return rows * ROW_LINE + 2 * ROW_PADDING;
}

/** Inner padding between a column's rule and its text. */
export const CELL_PADDING = 1.5;

const percent = (v: string | undefined): string => (v === undefined ? '' : `${formatRate(v)}%`);
const differ = (a: string | undefined, b: string | undefined): boolean =>
  a !== undefined && b !== undefined && !sameDecimal(a, b);

/** The lines printed under an item, before wrapping. */
function extraTexts(item: Item, decimals: ItemDecimals): string[] {
  const out: string[] = [];
  // MOC §3.1.7: when the taxable unit or price differ from the commercial ones, show both.
  if (
    (item.taxUnit !== undefined && item.taxUnit !== item.unit) ||
    differ(item.taxQuantity, item.quantity) ||
    differ(item.taxUnitPrice, item.unitPrice)
  ) {
    const parts = [`UNID. TRIB.: ${item.taxUnit ?? ''}`];
    if (item.taxQuantity !== undefined) {
      parts.push(`QUANT. TRIB.: ${formatDecimal(item.taxQuantity, decimals.quantity)}`);
    }
    if (item.taxUnitPrice !== undefined) {
      parts.push(`VALOR UNIT. TRIB.: ${formatDecimal(item.taxUnitPrice, decimals.unitPrice)}`);
    }
    out.push(parts.join(' | '));
  }
  // The MOC's table has a discount column but none for the item's freight, insurance and other
  // charges (their totals are in Cálculo do Imposto); an extra line shows them (§3.2) so the
  // item's share of vNF can be followed. Zero values are left out.
  const charges = (
    [
      ['VALOR FRETE', item.freight],
      ['VALOR SEGURO', item.insurance],
      ['OUTRAS DESPESAS', item.otherCharges],
    ] as const
  ).filter(([, v]) => v !== undefined && !isZeroDecimal(v));
  if (charges.length > 0) out.push(charges.map(([t, v]) => `${t}: ${formatMoney(v)}`).join(' | '));
  // NT 2026.010 §4.3: cClassTrib, base, and rate/value of IBS UF, IBS Mun and CBS per item.
  const t = item.ibsCbs;
  if (t) {
    const parts = [`IBS/CBS CST: ${t.cst}`, `cClassTrib: ${t.classification}`];
    if (t.base !== undefined) parts.push(`BC: ${formatMoney(t.base)}`);
    if (t.ibsUfRate !== undefined || t.ibsUfValue !== undefined) {
      parts.push(`IBS UF: ${percent(t.ibsUfRate)} ${formatMoney(t.ibsUfValue)}`.trimEnd());
    }
    if (t.ibsMunRate !== undefined || t.ibsMunValue !== undefined) {
      parts.push(`IBS MUN.: ${percent(t.ibsMunRate)} ${formatMoney(t.ibsMunValue)}`.trimEnd());
    }
    if (t.cbsRate !== undefined || t.cbsValue !== undefined) {
      parts.push(`CBS: ${percent(t.cbsRate)} ${formatMoney(t.cbsValue)}`.trimEnd());
    }
    out.push(parts.join(' | '));
  }
  const s = item.is;
  if (s) {
    const parts = [`IS CST: ${s.cst}`, `cClassTrib: ${s.classification}`];
    if (s.base !== undefined) parts.push(`BC: ${formatMoney(s.base)}`);
    if (s.rate !== undefined) parts.push(`ALÍQ.: ${percent(s.rate)}`);
    if (s.value !== undefined) parts.push(`VALOR: ${formatMoney(s.value)}`);
    out.push(parts.join(' | '));
  }
  return out;
}

/**
 * Lays out every item against the columns: code and description (with `infAdProd` right below
 * it, MOC §3.1.7) wrapped to their columns, extra lines wrapped from the description's left edge
 * to the table's right edge. Heights follow from the line counts, before anything is drawn.
 */
export function layoutItems(
  items: readonly Item[],
  columns: readonly PlacedColumn[],
  decimals: ItemDecimals,
  measure: Measure,
): ItemRows[] {
  const codeColumn = columns.find((c) => c.key === 'code');
  const descColumn = columns.find((c) => c.key === 'description');
  if (!codeColumn || !descColumn) throw new Error('layoutItems: code/description columns missing');
  const codeWidth = codeColumn.width - 2 * CELL_PADDING;
  const descWidth = descColumn.width - 2 * CELL_PADDING;
  const extraWidth = RIGHT - descColumn.x - 2 * CELL_PADDING;
  const wrap = (text: string, width: number): string[] =>
    wrapText(text, width, FONT.regular, SIZE.row, measure).map((l) => l.text);
  return items.map((item) => {
    const code = wrap(item.code, codeWidth);
    const description = wrap(item.description, descWidth);
    if (item.additionalInfo !== undefined)
      description.push(...wrap(item.additionalInfo, descWidth));
    const extra = extraTexts(item, decimals).flatMap((t) => wrap(t, extraWidth));
    return {
      item,
      code,
      description,
      extra,
      rows: Math.max(code.length, description.length) + extra.length,
    };
  });
}
