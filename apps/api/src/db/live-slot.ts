import { sql, type Expression, type SqlBool } from 'kysely';

import type { ColumnName } from './sql-names.js';

/** A product's tenant and branch: series and certificates live in such slots. */
export interface Slot {
  productId: string;
  tenantRef: string;
  branchRef: string;
}

/** A column both tables of slots have, under the same name. */
type SlotColumn = ColumnName<'series'> & ColumnName<'certificates'>;

const column = (name: SlotColumn) => sql.ref(name);

/**
 * The filter of every lookup of a slot's live rows in `series` or `certificates` (soft-deleted
 * rows keep their refs but belong to nobody): `.where(liveInSlot(slot))`.
 */
export function liveInSlot(slot: Slot): Expression<SqlBool> {
  return sql<SqlBool>`(${column('product_id')} = ${slot.productId} and ${column('tenant_ref')} = ${slot.tenantRef}
    and ${column('branch_ref')} = ${slot.branchRef} and ${column('deleted_at')} is null)`;
}
