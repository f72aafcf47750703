import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { freePort } from '@emissor/test-support';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface SimulatorProcess {
  readonly url: string;
  readonly caPath: string;
  readonly caPem: string;
  readonly child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The built simulator as a separate OS process, started the way `pnpm sefaz-simulator` does
 * (`node dist/main.js` with its environment), resolved once it printed its URL and CA path.
 */
export async function spawnSimulator(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<SimulatorProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sefaz-simulator-test-'));
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      SEFAZ_SIMULATOR_PORT: String(port),
      SEFAZ_SIMULATOR_DATABASE_URL: databaseUrl,
      SEFAZ_SIMULATOR_DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const started = new Promise<{ url: string; caPath: string }>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const url = /listening on (\S+)/.exec(output)?.[1];
      const caPath = /CA certificate: (\S+)/.exec(output)?.[1];
      if (url && caPath) resolve({ url, caPath });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`simulator exited with ${code}:\n${output}`)));
  });
  const { url, caPath } = await started;
  return {
    url,
    caPath,
    caPem: readFileSync(caPath, 'utf8'),
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
