import type { Kysely } from 'kysely';

import type { Database, Series } from '../../db/schema.js';
import { liveInSlot, type Slot } from '../../db/live-slot.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { highestVoidReaching, type VoidedRange } from './voided-numbers.js';

export type SeriesSlot = Slot;

export function listSeries(db: Kysely<Database>, slot: SeriesSlot): Promise<Series[]> {
  return db
    .selectFrom('series')
    .selectAll()
    .where(liveInSlot(slot))
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

export type NextNumberChange =
  | { kind: 'changed'; series: Series }
  | { kind: 'not_found' }
  /** The series already used `highestUsed`, at or above the asked number. */
  | { kind: 'in_use'; highestUsed: number }
  /** An inutilização that SEFAZ holds or may soon hold voids numbers at or above the asked one. */
  | { kind: 'voided'; voided: VoidedRange };

/**
 * Moves the counter of one of the product's series, but never to or behind a number the series has
 * used, nor where an inutilização homologada or in flight voids a number the counter would reach:
 * every emission there would be refused by SEFAZ (a duplicate, or 206 for a voided number). Decided
 * under the series row lock, which every emission that stores a document and every new manual
 * inutilização also take, so neither can be stored between the check and the update.
 */
export function setNextNumber(
  db: Kysely<Database>,
  productId: string,
  seriesId: string,
  nextNumber: number,
): Promise<NextNumberChange> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('series')
      .select(['id', 'tenant_ref', 'branch_ref', 'serie'])
      .where('id', '=', seriesId)
      .where('product_id', '=', productId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) return { kind: 'not_found' };
    // Read after the lock is held (READ COMMITTED: a fresh snapshot), so it sees every document
    // and inutilização committed before; soft-deleted documents still hold their numbers.
    const { highest } = await trx
      .selectFrom('documents')
      .select((eb) => eb.fn.max('numero').as('highest'))
      .where('series_id', '=', seriesId)
      .executeTakeFirstOrThrow();
    const voided = await highestVoidReaching(trx, { productId, ...locked }, nextNumber);
    if (voided && (highest === null || voided.numero_final > highest))
      return { kind: 'voided', voided };
    if (highest !== null && nextNumber <= highest) return { kind: 'in_use', highestUsed: highest };
    const series = await trx
      .updateTable('series')
      .set({ next_number: nextNumber, updated_at: new Date() })
      .where('id', '=', seriesId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { kind: 'changed', series };
  });
}
