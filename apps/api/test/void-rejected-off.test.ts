import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { prepareBranch } from './helpers/emission.js';
import { rejectedDocument } from './helpers/rejected-document.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';

// docs/api-rules.md "Transmission to SEFAZ": SEFAZ_VOID_REJECTED=false keeps a rejected number unvoided.
let server: SimulatorServer;
let admin: SimulatorServer['admin'];
beforeAll(async () => {
  server = await startSimulatorServer({
    env: {
      SEFAZ_VOID_REJECTED: 'false',
    },
  });
  admin = server.admin;
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
