// The local SEFAZ that the API starts (SEFAZ=simulator) keeps its registry of authorised numbers in
// the database the API uses: a fresh database meets a registry that has seen nothing, whatever the
// data folder (the simulator's CA and server certificate) still holds from earlier runs, and the
// old database keeps the numbers it authorised.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createEmissorClient } from '@emissor/client';
import { afterAll, describe, expect, it } from 'vitest';

import {
  createProductWithCli,
  spawnApi,
  waitUntilReady,
  type ApiProcess,
} from '../helpers/api-process.js';
import { createTestDatabase } from '../helpers/database.js';
import { emissionRequest, newKey, prepareBranch } from '../helpers/emission.js';
import { freePort } from '../helpers/global-postgres.js';
import { startTestServer } from '../helpers/server.js';

const refs = { tenant_ref: 'registry', branch_ref: 'matriz' };
const running = new Set<ApiProcess>();
const folders: string[] = [];
afterAll(async () => {
  // Only on a failure is an API still running.
  for (const api of running) {
    api.child.kill('SIGTERM');
    await api.exited;
  }
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  // As root the embedded server runs as the `postgres` user, which must be able to enter it.
  chmodSync(folder, 0o755);
  folders.push(folder);
  return folder;
}

/** The built API with the local SEFAZ, as `node dist/main.js` runs it outside production. */
async function apiWithLocalSefaz(databaseUrl: string, env: Record<string, string>) {
  const api = await spawnApi(databaseUrl, {
    NODE_ENV: 'development',
    SEFAZ: 'simulator',
    SEFAZ_POLL_MS: '50',
    ...env,
  });
  running.add(api);
  await waitUntilReady(api, '/v1/health/ready', 120_000);
  return api;
}

async function stop(api: ApiProcess) {
  api.child.kill('SIGTERM');
  expect(await api.exited, api.output()).toBe(0);
  running.delete(api);
}

/** Emits the next number of `refs`' series 1 and waits for SEFAZ's answer. */
async function emit(api: ApiProcess, apiKey: string) {
  const res = await fetch(`${api.url}/v1/emissoes`, {
    method: 'POST',
    headers: {
      'x-api-key': apiKey,
      'content-type': 'application/json',
      'idempotency-key': newKey(),
      prefer: 'wait=30',
    },
    body: JSON.stringify(emissionRequest(refs)),
  });
  expect(res.status, api.output()).toBe(201);
  return (await res.json()) as { numero: number; status: string; rejeicao_codigo?: string | null };
}

/**
 * A new product on `databaseUrl` with series 1 of `refs` at number 1 and the emitter's certificate
 * (always the same CNPJ), then number 1 emitted through an API with the local SEFAZ.
 */
async function emitNumberOne(databaseUrl: string, env: Record<string, string>) {
  const setup = await startTestServer({ databaseUrl });
  const product = await setup.newProduct();
  await prepareBranch(setup.url, product, refs, { nextNumber: 1 });
  await setup.close();
  const api = await apiWithLocalSefaz(databaseUrl, env);
  const document = await emit(api, product.apiKey);
  await stop(api);
  return document;
}

const authorisedOne = { numero: 1, status: 'autorizada' };
const duplicateOne = { numero: 1, status: 'rejeitada', rejeicao_codigo: '539' };

describe('the local SEFAZ registry lives and dies with the API database', () => {
  it('a new DATABASE_URL authorises number 1 again; the first database still knows its own', async () => {
    // One data folder for every run: only the database changes.
    const dataDir = tempFolder('emissor-registry-');
    const env = { EMISSOR_DATA_DIR: dataDir, SEFAZ_VOID_REJECTED: 'false' };
    const first = await createTestDatabase();
    expect(await emitNumberOne(first, env)).toMatchObject(authorisedOne);

    expect(await emitNumberOne(await createTestDatabase(), env)).toMatchObject(authorisedOne);
    // With API_WORKERS > 1 the primary starts the local SEFAZ, on the same database.
    const clustered = { ...env, API_WORKERS: '2' };
    expect(await emitNumberOne(await createTestDatabase(), clustered)).toMatchObject(authorisedOne);

    // Back on the first database, number 1 of the same CNPJ and series (a second product's) is the
    // duplicate SEFAZ answers: that registry was kept, in its database.
    expect(await emitNumberOne(first, env)).toMatchObject(duplicateOne);
  }, 240_000);

  it('the embedded database deleted, the rest of the data folder kept: number 1 is authorised again', async () => {
    const dataDir = tempFolder('emissor-registry-embedded-');
    const env = {
      EMISSOR_DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      SEFAZ_VOID_REJECTED: 'false',
    };
    const emitOnEmbedded = async () => {
      const api = await apiWithLocalSefaz('', env);
      const apiKey = await createProductWithCli(env);
      const client = createEmissorClient({ baseUrl: api.url, apiKey });
      await prepareBranch(api.url, { apiKey, client }, refs, { nextNumber: 1 });
      const document = await emit(api, apiKey);
      await stop(api);
      return document;
    };
    expect(await emitOnEmbedded()).toMatchObject(authorisedOne);
    rmSync(join(dataDir, 'postgres'), { recursive: true, force: true });
    expect(await emitOnEmbedded()).toMatchObject(authorisedOne);
  }, 240_000);
});
