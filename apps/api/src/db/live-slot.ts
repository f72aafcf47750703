import { sql, type Expression, type SqlBool } from 'kysely';

/** A product's tenant and branch: series and certificates live in such slots. */
export interface Slot {
  productId: string;
  tenantRef: string;
  branchRef: string;
}

/**
 * The filter of every lookup of a slot's live rows in `series` or `certificates` (soft-deleted
 * rows keep their refs but belong to nobody): `.where(liveInSlot(slot))`.
 */
export function liveInSlot(slot: Slot): Expression<SqlBool> {
  return sql<SqlBool>`(product_id = ${slot.productId} and tenant_ref = ${slot.tenantRef}
    and branch_ref = ${slot.branchRef} and deleted_at is null)`;
}
