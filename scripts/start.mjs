// `npm start`: install, build, then run the API (embedded PostgreSQL unless DATABASE_URL is set).
// `npm start -- --no-build` runs what is already built.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { installAndBuild, repoRoot } from './pnpm.mjs';

const main = join(repoRoot, 'apps/api/dist/main.js');
if (!process.argv.includes('--no-build')) installAndBuild({ filter: '@emissor/api' });
else if (!existsSync(main)) {
  console.error('apps/api is not built: run `npm start` without --no-build once');
  process.exit(1);
}

// In a process group of its own: Ctrl-C in a terminal signals the whole foreground group, and the
// embedded PostgreSQL the API starts would get that SIGINT too and stop at once (a fast shutdown,
// its queries cancelled) under the requests the API is draining. This process passes the signal on.
// Out of the job's group, though, the API would outlive a `kill -9` of it: the IPC channel (which
// carries no messages; output still goes straight to the terminal) closes whenever this process
// ends, however it ends, and the API then drains and stops as on SIGTERM.
const api = spawn(process.execPath, [main], {
  cwd: repoRoot,
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  detached: true,
});

// The API drains its requests and stops the embedded PostgreSQL on SIGINT/SIGTERM; this process
// only passes the signal on and exits with the API. A closed terminal (SIGHUP) no longer reaches
// the API's group, so it is passed on as SIGTERM.
let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  api.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
process.on('SIGHUP', () => stop('SIGTERM'));

// `kill -TERM <npm pid>` reaches npm and the `sh -c` it runs the script in, which dies without
// passing the signal on: this process is left orphaned (re-parented) and would keep the API and
// the database running. A changed parent is taken as that SIGTERM.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 250).unref();

api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
