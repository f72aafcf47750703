import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace root: the nearest folder above this file holding pnpm-workspace.yaml. */
function findRepoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'pnpm-workspace.yaml'))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd(); // installed outside the workspace (e.g. a Docker image)
    dir = parent;
  }
  return dir;
}

export const repoRoot = findRepoRoot();
