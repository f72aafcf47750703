import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { examples } from '@emissor/contract';
import { expect } from 'vitest';

import { repoRoot } from '../../src/paths.js';
import { spawnApi, waitUntilReady, type ApiProcess } from './api-process.js';
import { createMigratedTestDatabase } from './database.js';
import { TEST_MASTER_KEY } from './server.js';

const ADMIN = join(repoRoot, 'apps/api/bin/admin.mjs');

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface SpawnedApiUser {
  /** The user's working folder (removed by `close`). */
  dir: string;
  api: ApiProcess;
  apiKey: string;
  /** The development certificate the CLI wrote, and its password. */
  pfx: string;
  password: string;
  /**
   * Runs an example script in `dir` as the README says, from a fresh shell (only PATH besides):
   * the certificate as argument, the URL, key, password and output folder in the environment.
   */
  runExample(command: string, script: string, outDir: string): Promise<RunResult>;
  close(): Promise<void>;
}

/**
 * Someone who followed the README's set-up: the built API as its own process with the local SEFAZ,
 * then the admin CLI's two steps (a product's key, the development certificate of the examples'
 * CNPJ). Its files live in a new folder named after `name`.
 */
export async function spawnedApiUser(name: string): Promise<SpawnedApiUser> {
  const dir = mkdtempSync(join(tmpdir(), `emissor-${name}-`));
  const data = join(dir, 'data');
  const pfx = join(dir, 'emitente.pfx');
  // Never rejects: the exit code and both outputs are what the tests look at.
  const run = (file: string, args: string[], env: Record<string, string>) =>
    new Promise<RunResult>((resolve) => {
      execFile(
        file,
        args,
        { cwd: dir, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
    });

  let api: ApiProcess | undefined;
  const close = async () => {
    if (api) {
      api.child.kill('SIGTERM');
      await api.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const databaseUrl = await createMigratedTestDatabase();
    api = await spawnApi(databaseUrl, {
      NODE_ENV: 'development',
      SEFAZ: 'simulator',
      EMISSOR_DATA_DIR: data,
      SEFAZ_POLL_MS: '50',
    });
    await waitUntilReady(api);

    const product = await run(
      process.execPath,
      [ADMIN, 'product', 'create', '--name', 'demo', '--json'],
      { DATABASE_URL: databaseUrl, EMISSOR_MASTER_KEY: TEST_MASTER_KEY, EMISSOR_DATA_DIR: data },
    );
    expect(product.code, product.stderr).toBe(0);
    const certificate = await run(
      process.execPath,
      [ADMIN, 'dev-certificate', '--cnpj', examples.EXAMPLE_CNPJ, '--out', pfx, '--json'],
      { NODE_ENV: 'development' },
    );
    expect(certificate.code, certificate.stderr).toBe(0);

    const running = api;
    const apiKey = (JSON.parse(product.stdout) as { api_key: string }).api_key;
    const password = (JSON.parse(certificate.stdout) as { password: string }).password;
    return {
      dir,
      api: running,
      apiKey,
      pfx,
      password,
      runExample: (command, script, outDir) =>
        run(command, [script, pfx], {
          EMISSOR_URL: running.url,
          EMISSOR_API_KEY: apiKey,
          CERT_PASSWORD: password,
          OUT_DIR: outDir,
        }),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
