import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * The first folder on the way to `dir` that a user other than its owner cannot enter (no execute
 * bit for others), or undefined. Run as root, the embedded PostgreSQL runs as the `postgres` user
 * (the server refuses root), and initdb only says "Permission denied" when a folder above its data
 * directory is closed to that user, as root's home usually is (mode 700).
 */
export function closedFolderOnTheWay(dir: string): string | undefined {
  const folders: string[] = [];
  for (let current = resolve(dir); ; current = dirname(current)) {
    folders.unshift(current);
    if (dirname(current) === current) break;
  }
  for (const folder of folders) {
    let mode: number;
    try {
      mode = statSync(folder).mode;
    } catch {
      return undefined; // not created yet: the folders above it are what matter, checked already
    }
    if ((mode & 0o001) === 0) return folder;
  }
  return undefined;
}
