import type { Database } from './schema.js';

// Names for SQL written as text, checked against schema.ts: a table or column it does not declare
// fails typecheck. For statements that stay text because they are named (each connection plans
// them once, which Kysely's builder cannot ask for) or are built once at load. The names are read
// when the text is built, never per query, and render as the plain names, so the text is the same
// SQL as if written by hand.

export type TableName = keyof Database;
export type ColumnName<T extends TableName> = keyof Database[T] & string;

/** `${tables.series}` is `series`. */
export const tables: { readonly [T in TableName]: T } = namesAsWritten('');

/** `${columnsOf('series').next_number}` is `next_number`; with an alias, `s.next_number`. */
export function columnsOf<T extends TableName>(
  _table: T,
  alias?: string,
): { readonly [C in ColumnName<T>]: string } {
  return namesAsWritten(alias === undefined ? '' : `${alias}.`);
}

/** The target of an insert: `into('transmission_queue', ['document_id'])` is `transmission_queue (document_id)`. */
export function into<T extends TableName>(table: T, columns: readonly ColumnName<T>[]): string {
  return `${table} (${columns.join(', ')})`;
}

/** An object whose every property is its own name, after `prefix`. */
function namesAsWritten<Names extends object>(prefix: string): Names {
  return new Proxy({} as Names, {
    get: (_target, name) => (typeof name === 'string' ? prefix + name : undefined),
  });
}
