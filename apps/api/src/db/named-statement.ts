import type pg from 'pg';

/**
 * A statement PostgreSQL plans once per connection, by its name, declared with the row its text
 * answers (a type made of schema.ts's, so a changed column breaks its readers at typecheck). Named
 * statements go through pg: Kysely cannot ask for them, and the hot paths are worth the plan kept.
 */
export interface NamedStatement<Row extends pg.QueryResultRow> {
  readonly name: string;
  readonly text: string;
  /** Never set: carries the row type. */
  readonly row?: Row;
}

export function namedStatement<Row extends pg.QueryResultRow>(
  name: string,
  text: string,
): NamedStatement<Row> {
  return { name, text };
}

/** Where a statement runs: the pool, or a connection holding a transaction. */
export type Queryable = Pick<pg.PoolClient, 'query'>;

export async function queryNamed<Row extends pg.QueryResultRow>(
  on: Queryable,
  statement: NamedStatement<Row>,
  values: unknown[],
): Promise<Row[]> {
  const { rows } = await on.query<Row>({ name: statement.name, text: statement.text, values });
  return rows;
}
