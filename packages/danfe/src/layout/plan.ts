import { BLOCK_TITLE_HEIGHT, ROW_LINE } from './geometry.js';
import { rowsHeight, type ItemRows } from './item-rows.js';
import { joinLines, type Line } from './measure.js';

/** Rows [from, to) of item `index` printed on one sheet. */
export interface Piece {
  readonly index: number;
  readonly from: number;
  readonly to: number;
}

/** What one sheet holds besides its header. */
export interface Sheet {
  readonly pieces: Piece[];
  /** Whether the sheet has the products block (always the first; later ones when items continue). */
  readonly products: boolean;
  /** Lines of Informações Complementares continued on this sheet, after its items. */
  readonly info: string[];
}

/** The whole document, decided before drawing: so "FOLHA x/y" is right on every sheet. */
export interface Plan {
  readonly sheets: Sheet[];
  /** Lines printed in the first sheet's Informações Complementares box. */
  readonly firstInfo: string[];
  /** 1-based sheet where the rest of Informações Complementares continues, if it does. */
  readonly infoContinuesOn?: number;
}

/** Padding inside a box of 6 pt lines (Informações Complementares, its continuation). */
export const INFO_PADDING = 2;

export interface PlanInput {
  readonly items: readonly ItemRows[];
  /** Height the first sheet leaves for item rows (below the column titles). */
  readonly firstItemsHeight: number;
  /** Height a later sheet has below its header (products block or continuation go there). */
  readonly nextRegionHeight: number;
  /** Block title + column titles of the products block. */
  readonly productsHeaderHeight: number;
  /** Informações Complementares wrapped to the first sheet's box. */
  readonly infoLines: readonly Line[];
  /** How many lines the first sheet's box holds. */
  readonly firstInfoCapacity: number;
  /** Wraps the rest of Informações Complementares to the width of a continuation block. */
  readonly wrapContinuation: (text: string) => Line[];
  /** The line that ends the first box when the text goes on ("… CONTINUA NA FOLHA n"). */
  readonly continuationNote: (sheet: number) => string;
}

/** Lines a continuation block of Informações Complementares holds in `height`. */
function infoCapacity(height: number): number {
  return Math.floor((height - BLOCK_TITLE_HEIGHT - 2 * INFO_PADDING) / ROW_LINE);
}

/** Gap between the products block and a continuation block below it on the same sheet. */
export const BLOCK_GAP = 3;

/**
 * Distributes item rows and the overflow of Informações Complementares over sheets. An item moves
 * whole to the next sheet when it does not fit; only an item taller than an empty sheet is split
 * between rows. Text of Informações Complementares is never shrunk or clipped: what the first
 * sheet's box cannot hold continues after the items, on as many sheets as it needs.
 */
export function planSheets(input: PlanInput): Plan {
  const nextItemsHeight = input.nextRegionHeight - input.productsHeaderHeight;
  const sheets: Sheet[] = [{ pieces: [], products: true, info: [] }];
  let available = input.firstItemsHeight;
  let used = input.productsHeaderHeight;
  const newSheet = (products: boolean): Sheet => {
    const sheet: Sheet = { pieces: [], products, info: [] };
    sheets.push(sheet);
    available = products ? nextItemsHeight : input.nextRegionHeight;
    used = products ? input.productsHeaderHeight : 0;
    return sheet;
  };
  let sheet = sheets[0] as Sheet;
  input.items.forEach((rows, index) => {
    let from = 0;
    while (from < rows.rows) {
      const need = rowsHeight(rows.rows - from);
      if (need <= available) {
        sheet.pieces.push({ index, from, to: rows.rows });
        available -= need;
        used += need;
        break;
      }
      const fitting = Math.floor((available - rowsHeight(0)) / ROW_LINE);
      if (need > nextItemsHeight && fitting >= 1) {
        sheet.pieces.push({ index, from, to: from + fitting });
        from += fitting;
      }
      sheet = newSheet(true);
    }
  });

  const lines = input.infoLines;
  if (lines.length <= input.firstInfoCapacity) {
    return { sheets, firstInfo: lines.map((l) => l.text) };
  }
  const keep = Math.max(0, input.firstInfoCapacity - 1);
  let rest = input.wrapContinuation(joinLines(lines.slice(keep))).map((l) => l.text);
  let continuesOn: number | undefined;
  const place = (target: Sheet, capacity: number): void => {
    target.info.push(...rest.slice(0, capacity));
    rest = rest.slice(capacity);
    continuesOn ??= sheets.indexOf(target) + 1;
  };
  if (sheets.length > 1) {
    const free = input.nextRegionHeight - used - BLOCK_GAP;
    const capacity = infoCapacity(free);
    if (capacity >= Math.min(3, rest.length)) place(sheet, capacity);
  }
  while (rest.length > 0) place(newSheet(false), infoCapacity(input.nextRegionHeight));
  const firstInfo = lines.slice(0, keep).map((l) => l.text);
  firstInfo.push(input.continuationNote(continuesOn ?? 2));
  return { sheets, firstInfo, infoContinuesOn: continuesOn };
}
