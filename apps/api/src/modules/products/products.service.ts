import type { Kysely } from 'kysely';

import { generateApiKey } from '../../auth/api-key.js';
import type { Database } from '../../db/schema.js';

export interface IssuedProduct {
  id: string;
  name: string;
  api_key: string;
}

/** Creates a product and returns its clear key: the only time it exists outside the caller. */
export async function createProduct(db: Kysely<Database>, name: string): Promise<IssuedProduct> {
  const key = await generateApiKey();
  const row = await db
    .insertInto('products')
    .values({ name, key_id: key.keyId, key_hash: key.hash })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, api_key: key.clearKey };
}

/** Replaces the key of a live product; the old key stops working. Undefined when absent. */
export async function rotateProductKey(
  db: Kysely<Database>,
  id: string,
): Promise<IssuedProduct | undefined> {
  const key = await generateApiKey();
  const row = await db
    .updateTable('products')
    .set({ key_id: key.keyId, key_hash: key.hash })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(['id', 'name'])
    .executeTakeFirst();
  return row && { id: row.id, name: row.name, api_key: key.clearKey };
}

/** Soft-deletes a product: its key then gives 401. False when there was no live product. */
export async function deleteProduct(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ deleted_at: new Date() })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function listProducts(db: Kysely<Database>) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'key_id', 'created_at', 'deleted_at'])
    .orderBy('created_at')
    .execute();
}
