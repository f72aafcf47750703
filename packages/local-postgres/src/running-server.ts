import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The port of a server already running on the cluster folder `databaseDir`, read from its
 * postmaster.pid, if that process is alive.
 */
export function runningServerPort(databaseDir: string): number | undefined {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pidLine), 0);
  } catch {
    return undefined; // a stale file from a crash: the server recovers it on start
  }
  return Number(portLine);
}
