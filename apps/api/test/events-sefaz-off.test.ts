import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emissionRequest, newKey, prepareBranch } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// docs/api-rules.md "Events and inutilização": with SEFAZ=off every POST answers 409 sefaz_disabled and
// stores nothing (there is no authoriser to register anything at).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SEFAZ: 'off' } });
});
afterAll(() => server.close());

describe('events and inutilizações with SEFAZ=off', () => {
  it('every POST answers 409 sefaz_disabled; reads still work', async () => {
    const product = await server.newProduct();
    const refs = { tenant_ref: 'loja', branch_ref: 'filial' };
    await prepareBranch(server.url, product, refs, { nextNumber: 10 });
    const emitted = await product.client.emit(emissionRequest(refs));
    if (emitted.status !== 201) throw new Error('emission failed');
    expect(emitted.body.status).toBe('assinada');
    const id = emitted.body.id;

    const posts = [
      product.client.cancel(id, 'Pedido cancelado pelo cliente antes da entrega'),
      product.client.correct(id, 'Correcao do endereco de entrega do destinatario'),
      product.client.voidNumbers({
        ...refs,
        serie: 1,
        numero_inicial: 1,
        numero_final: 5,
        justificativa: 'Numeracao pulada por falha do sistema de emissao',
        ambiente: 'homologacao',
        uf: 'SP',
      }),
    ];
    for (const res of await Promise.all(posts)) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ detail: { code: 'sefaz_disabled' } });
    }
    const { rows } = await server.database.pool.query<{ n: number }>(
      'select (select count(*) from fiscal_events) + (select count(*) from fiscal_voids) as n',
    );
    expect(Number(rows[0]?.n)).toBe(0);

    const events = await product.client.events.listDocumentEvents({ params: { document_id: id } });
    expect(events).toMatchObject({ status: 200, body: [] });
    const voids = await product.client.voids.listInutilizacoes({ query: refs });
    expect(voids).toMatchObject({ status: 200, body: [] });
    // Bad input is still a 422 first, whatever the configuration.
    const bad = await fetch(`${server.url}/v1/documentos/${id}/cancelamento`, {
      method: 'POST',
      headers: {
        'x-api-key': product.apiKey,
        'content-type': 'application/json',
        'idempotency-key': newKey(),
      },
      body: JSON.stringify({ justificativa: 'curta' }),
    });
    expect(bad.status).toBe(422);
  });
});
