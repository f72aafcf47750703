import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';

import { spawnApi, waitUntilReady, type ApiProcess } from './helpers/api-process.js';
import { createTestDatabase } from './helpers/database.js';

const running: ApiProcess[] = [];
afterEach(async () => {
  for (const api of running.splice(0)) {
    api.child.kill('SIGTERM');
    await api.exited;
  }
});

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('start-up', () => {
  it('two API processes starting at once on one empty database both come up, migrating once', async () => {
    const url = await createTestDatabase();
    const apis = await Promise.all([spawnApi(url), spawnApi(url)]);
    running.push(...apis);
    await Promise.all(apis.map((api) => waitUntilReady(api)));

    const migrations = await query<{ name: string }>(
      url,
      'select name from kysely_migration order by name',
    );
    expect(migrations.map((m) => m.name)).toEqual([
      '2026_11_21_0001_create_products',
      '2026_11_21_0002_create_series',
      '2026_11_21_0003_create_certificates',
      '2026_11_21_0004_create_documents',
      '2026_11_21_0005_index_document_filters',
      '2026_11_26_0006_document_request_fingerprint',
      '2026_11_26_0007_series_counter_storage',
      '2026_11_26_0008_transmission_queue',
      '2026_11_26_0009_fiscal_events',
      '2026_11_26_0010_fiscal_voids',
      '2026_11_26_0011_transmission_receipts',
      '2026_11_26_0012_sefaz_status_cache',
      '2026_11_26_0013_document_xml_vacuum_pacing',
      '2026_11_26_0014_nfe_proc_on_read',
      '2026_11_27_0015_database_write_back',
      '2026_11_27_0016_packed_document_xml',
      '2026_11_27_0017_queue_claim_indexes',
      '2026_11_28_0018_transmission_local_failures',
      '2026_12_07_0019_webhooks',
      '2026_12_07_0020_sefaz_contingencies',
    ]);
    for (const api of apis) {
      const res = await fetch(`${api.url}/v1/health`);
      expect(res.status).toBe(200);
    }
    // One master key for both: each reads what the other encrypts.
    expect(await query<{ id: string }>(url, 'select id from master_keys')).toHaveLength(1);
  });

  it('drains and exits 0 on SIGTERM', async () => {
    const url = await createTestDatabase();
    const api = await spawnApi(url);
    await waitUntilReady(api);
    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);
    expect(api.output()).toContain('shutting down');
  });

  it('refuses to start with a clear message when the configuration is invalid', async () => {
    const api = await spawnApi('not a url', {
      EMISSOR_MASTER_KEY: 'short',
      TRUST_PROXY: '10.0.0.300',
    });
    expect(await api.exited).toBe(78);
    expect(api.output()).toContain('TRUST_PROXY: must be true, false, a hop count');
    expect(api.output()).toContain('DATABASE_URL');
    expect(api.output()).toContain('EMISSOR_MASTER_KEY: must be at least 32 characters');
    expect(api.output()).not.toContain('short');
  });

  it('requires a master key in production', async () => {
    const url = await createTestDatabase();
    const api = await spawnApi(url, { EMISSOR_MASTER_KEY: '' });
    expect(await api.exited).toBe(78);
    expect(api.output()).toContain('EMISSOR_MASTER_KEY');
  });

  it('refuses to start in production without DATABASE_URL, saying why, instead of an embedded database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'emissor-prod-'));
    try {
      const api = await spawnApi('', { EMISSOR_DATA_DIR: dataDir });
      expect(await api.exited).toBe(78);
      expect(api.output()).toContain('DATABASE_URL: required when NODE_ENV=production');
      expect(api.output()).toContain('embedded PostgreSQL is for development only');
      // Nothing was started or written: no embedded cluster under the data folder.
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
