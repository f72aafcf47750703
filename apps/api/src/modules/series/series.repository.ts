import type { Kysely } from 'kysely';

import type { Database, Series } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/pg-errors.js';

export interface SeriesSlot {
  productId: string;
  tenantRef: string;
  branchRef: string;
}

export function listSeries(db: Kysely<Database>, slot: SeriesSlot): Promise<Series[]> {
  return db
    .selectFrom('series')
    .selectAll()
    .where('product_id', '=', slot.productId)
    .where('tenant_ref', '=', slot.tenantRef)
    .where('branch_ref', '=', slot.branchRef)
    .where('deleted_at', 'is', null)
    .orderBy('serie', 'asc')
    .execute();
}

/** Inserts a series; undefined when the slot already has one (the unique index decides, race-free). */
export async function insertSeries(
  db: Kysely<Database>,
  slot: SeriesSlot,
  values: { documentModel: string; serie: number; nextNumber: number },
): Promise<Series | undefined> {
  try {
    return await db
      .insertInto('series')
      .values({
        product_id: slot.productId,
        tenant_ref: slot.tenantRef,
        branch_ref: slot.branchRef,
        document_model: values.documentModel,
        serie: values.serie,
        next_number: values.nextNumber,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error, 'series_slot_live')) return undefined;
    throw error;
  }
}

/** Overwrites the counter of one of the product's series; undefined when it has no such series. */
export function setNextNumber(
  db: Kysely<Database>,
  productId: string,
  seriesId: string,
  nextNumber: number,
): Promise<Series | undefined> {
  return db
    .updateTable('series')
    .set({ next_number: nextNumber, updated_at: new Date() })
    .where('id', '=', seriesId)
    .where('product_id', '=', productId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
