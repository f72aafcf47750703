import cluster from 'node:cluster';

import { resolveMasterSecret } from './crypto/master-secret.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import type { Env } from './env.js';
import type { Logger } from './logging/logger.js';
import { exitWhenLogsWritten } from './logging/stdout-lines.js';
import { onShutdown, type ShutdownCause } from './shutdown-signals.js';
import { startLocalSefaz } from './modules/transmission/sefaz-connection.js';
import { workerExecArgv, workerMallocEnv } from './worker-memory.js';

/**
 * The primary of a multi-worker API: it owns the embedded PostgreSQL (when there is no
 * DATABASE_URL) and the generated development master key, migrates once, then forks `workers`
 * HTTP processes that share the port. A worker that dies is replaced; SIGTERM drains them all.
 */
export async function runPrimary(env: Env, logger: Logger): Promise<void> {
  const database = await openDatabase(env, (line) => logger.warn(line));
  await migrateToLatest(database.db);
  // One local SEFAZ for all workers: they are told its URL and CA like any external SEFAZ.
  const simulator =
    env.SEFAZ === 'simulator' && !env.SEFAZ_URL
      ? await startLocalSefaz(env, env.DATABASE_URL ?? database.url)
      : undefined;
  if (simulator)
    logger.info({ sefaz_url: simulator.url, ca: simulator.caPath }, 'local SEFAZ started');
  // Workers only need the URL; the primary keeps the embedded server (if any) alive and its own
  // pool idle until shutdown.
  const workerEnv = {
    DATABASE_URL: env.DATABASE_URL ?? database.url,
    EMISSOR_MASTER_KEY: resolveMasterSecret(env, (message) => logger.warn(message)),
    ...workerMallocEnv(process.env),
    ...(simulator && {
      SEFAZ_URL: simulator.url,
      SEFAZ_CA_FILE: simulator.caPath,
    }),
  };
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });

  let stopping = false;
  const fork = () => cluster.fork(workerEnv);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    logger.error({ pid: worker.process.pid, code, signal }, 'worker died; starting another');
    fork();
  });
  for (let i = 0; i < env.API_WORKERS; i++) fork();
  logger.info(
    { workers: env.API_WORKERS, port: env.PORT, embedded_database: database.embedded },
    'Emissor API primary started',
  );

  const stop = (cause: ShutdownCause) => {
    if (stopping) return;
    stopping = true;
    logger.info(cause, 'shutting down workers');
    const workers = Object.values(cluster.workers ?? {});
    let alive = workers.length;
    // The local SEFAZ's connections go before the database: the embedded server would otherwise
    // stop under them.
    const done = () => {
      (simulator?.close() ?? Promise.resolve())
        .then(() => database.close())
        .then(
          () => exitWhenLogsWritten(0),
          () => exitWhenLogsWritten(1),
        );
    };
    if (alive === 0) return done();
    for (const worker of workers) {
      worker?.once('exit', () => {
        alive -= 1;
        if (alive === 0) done();
      });
      worker?.process.kill('SIGTERM');
    }
  };
  onShutdown(stop);
}
