import cluster from 'node:cluster';

import { runPrimary } from './cluster.js';
import { EnvError, loadEnv } from './env.js';
import { createLogger } from './logging/logger.js';
import { exitWhenLogsWritten } from './logging/stdout-lines.js';
import { onShutdown, type ShutdownCause } from './shutdown-signals.js';

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  if (env.API_WORKERS > 1 && cluster.isPrimary) return runPrimary(env, logger);
  // Imported here, not at the top: the primary of a cluster never serves HTTP, and loading the app
  // (routes, XML renderer, signer, OpenAPI document) there would cost it ~20 MB of RSS for nothing.
  const { startServer } = await import('./server.js');
  const server = await startServer(env, logger);
  logger.info(
    { url: server.url, embedded_database: server.database.embedded },
    'Emissor API listening',
  );
  if (server.database.embedded) {
    // The README's line, with the pnpm version package.json pins (start-command.test.ts checks it).
    logger.info('create an API key with: npx pnpm@10.34.9 admin product create --name demo --json');
  }

  let stopping = false;
  const stop = (cause: ShutdownCause) => {
    if (stopping) return;
    stopping = true;
    logger.info(cause, 'shutting down');
    server.close().then(
      () => exitWhenLogsWritten(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        exitWhenLogsWritten(1);
      },
    );
  };
  onShutdown(stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`Emissor failed to start: ${(error as Error).message}\n`);
  process.exit(1);
});
