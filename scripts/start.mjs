// `npm start`: install, build, then run the API (embedded PostgreSQL unless DATABASE_URL is set).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { installAndBuild, repoRoot } from './pnpm.mjs';

installAndBuild({ filter: '@emissor/api' });
const api = spawn(process.execPath, [join(repoRoot, 'apps/api/dist/main.js')], {
  cwd: repoRoot,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
