import cluster from 'node:cluster';

/**
 * Calls `stop` once the process that launched this one has ended, if that process opened an IPC
 * channel to it (`npm start` does). The channel closes whenever the launcher ends, by SIGKILL too,
 * which no handler of the launcher's can pass on; without it the API would keep serving, and its
 * embedded PostgreSQL running, with nobody left to stop them. A process started without a channel
 * (`node dist/main.js`, a container) is not affected. A cluster worker's channel is its primary's,
 * which node's cluster module already watches.
 */
export function onLauncherExit(stop: () => void): void {
  // `process.send` exists exactly when the process was started with a channel, and stays after the
  // channel has closed; `process.channel` does not.
  if (process.send === undefined || cluster.isWorker) return;
  // The launcher ended while this process was still starting: its 'disconnect' has already passed.
  if (!process.connected) {
    setImmediate(stop);
    return;
  }
  process.once('disconnect', stop);
  // Watching the channel must not, on its own, keep the process alive (a listener refs it).
  process.channel?.unref();
}
