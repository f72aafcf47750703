import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { freePort } from './global-postgres.js';
import { TEST_MASTER_KEY } from './server.js';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const ADMIN_CLI = fileURLToPath(new URL('../../dist/admin/cli.js', import.meta.url));

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/** The built API as a separate OS process, as an operator runs it (`node dist/main.js`). */
export async function spawnApi(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      EMISSOR_MASTER_KEY: TEST_MASTER_KEY,
      LOG_LEVEL: 'info',
      SEFAZ: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { url: `http://127.0.0.1:${port}`, child, output: () => output, exited };
}

/** Polls until `url` answers 200 or the process dies. */
export async function waitUntilReady(
  api: ApiProcess,
  path = '/v1/health/ready',
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let dead = false;
  void api.exited.then(() => (dead = true));
  while (Date.now() < deadline && !dead) {
    try {
      const res = await fetch(`${api.url}${path}`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`API did not become ready:\n${api.output()}`);
}

/**
 * `pnpm admin product create` as an operator runs it beside a running API on its embedded database
 * (`env` names the same data folder and port; no DATABASE_URL): the new product's API key.
 */
export function createProductWithCli(env: Record<string, string>): Promise<string> {
  const cliEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete cliEnv.DATABASE_URL;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [ADMIN_CLI, 'product', 'create', '--name', 'operator', '--json'],
      { env: cliEnv, encoding: 'utf8' },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`${error.message}\n${stderr}`))
          : resolve((JSON.parse(stdout) as { api_key: string }).api_key),
    );
  });
}
