import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { freePort } from '@emissor/test-support';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface CliProcess {
  readonly url: string;
  readonly caPem: string;
  readonly child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** `node dist/main.js` with `env` added to a fresh port and data folder; its exit code and output. */
export function runCli(env: Record<string, string>): {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
} {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * The built command line as a separate OS process, started the way `pnpm sefaz-simulator` does,
 * resolved once it printed its URL and CA path.
 */
export async function startCli(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<CliProcess> {
  const run = runCli({
    SEFAZ_SIMULATOR_PORT: String(await freePort()),
    SEFAZ_SIMULATOR_DATABASE_URL: databaseUrl,
    SEFAZ_SIMULATOR_DATA_DIR: mkdtempSync(join(tmpdir(), 'sefaz-simulator-cli-')),
    ...env,
  });
  const started = new Promise<{ url: string; caPath: string }>((resolve, reject) => {
    const check = (): void => {
      const url = /listening on (\S+)/.exec(run.output())?.[1];
      const caPath = /CA certificate: (\S+)/.exec(run.output())?.[1];
      if (url && caPath) resolve({ url, caPath });
    };
    run.child.stdout?.on('data', check);
    void run.exited.then((code) =>
      reject(new Error(`simulator exited with ${code}:\n${run.output()}`)),
    );
  });
  const { url, caPath } = await started;
  return {
    url,
    caPem: readFileSync(caPath, 'utf8'),
    child: run.child,
    output: () => run.output(),
    stop: async () => {
      if (run.child.exitCode === null) run.child.kill('SIGTERM');
      await run.exited;
    },
  };
}

/** A GET of the simulator's admin routes (no client certificate needed). */
export function adminGet(
  simulator: { url: string; caPem: string },
  path: string,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(`${simulator.url}${path}`, { ca: simulator.caPem }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          json: text ? (JSON.parse(text) as unknown) : undefined,
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
