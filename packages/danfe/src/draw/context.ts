import type { PlacedColumn } from '../layout/columns.js';
import type { ItemRows } from '../layout/item-rows.js';
import type { Plan } from '../layout/plan.js';
import type { NfeData } from '../model/types.js';
import type { Canvas } from './canvas.js';

/** Everything a block needs to draw itself: the data, the decided layout, the page count. */
export interface DrawContext {
  readonly canvas: Canvas;
  readonly nfe: NfeData;
  readonly columns: readonly PlacedColumn[];
  readonly rows: readonly ItemRows[];
  readonly plan: Plan;
  /** Watermark lines ("SEM VALOR FISCAL", "CANCELADA", …); empty for an authorised production NF-e. */
  readonly marks: readonly string[];
  readonly logo?: Buffer;
  readonly canhoto: boolean;
}
