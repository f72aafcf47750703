import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { prepareBranch } from './helpers/emission.js';
import { simulatorAdmin } from './helpers/local-sefaz.js';
import { rejectedDocument } from './helpers/rejected-document.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// decisions.md "Transmission to SEFAZ": SEFAZ_VOID_REJECTED=false keeps a rejected number unvoided.
let server: TestServer;
let admin: ReturnType<typeof simulatorAdmin>;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      SEFAZ: 'simulator',
      SEFAZ_VOID_REJECTED: 'false',
      EMISSOR_DATA_DIR: mkdtempSync(join(tmpdir(), 'emissor-void-off-')),
      SEFAZ_POLL_MS: '50',
      SEFAZ_RETRY_BASE_MS: '50',
    },
  });
  if (!server.sefazSimulator) throw new Error('SEFAZ=simulator started no local SEFAZ');
  admin = simulatorAdmin(server.sefazSimulator);
});
afterAll(() => server.close());

describe('SEFAZ_VOID_REJECTED=false', () => {
  it('a rejeitada document gets no inutilização', async () => {
    const product = await server.newProduct();
    const refs = { tenant_ref: 'loja', branch_ref: 'filial' };
    await prepareBranch(server.url, product, refs, { nextNumber: 1 });
    const document = await rejectedDocument(server, admin, product.client, refs);
    expect(document.status).toBe('rejeitada');
    const voids = await product.client.voids.listInutilizacoes({ query: refs });
    expect(voids).toMatchObject({ status: 200, body: [] });
    const { rows } = await server.database.pool.query(
      'select 1 from fiscal_voids union all select 1 from sefaz_simulator.inutilizacao',
    );
    expect(rows).toEqual([]);
  });
});
