import { setTimeout as sleep } from 'node:timers/promises';

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emissionRequest, emitDocument, prepareBranch } from './helpers/emission.js';
import { untilDocumentsFinal } from './helpers/local-sefaz.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';

// SEFAZ_GATHER_MS: documents never sent are claimed at most once per interval. With 3 s, the
// first of a stream leaves at once (alone, synchronously) and the next ones, emitted together
// 300 ms after it, wait for the interval and leave together in one asynchronous lot. (Emitted one
// by one 100 ms apart with 1.5 s, the last one missed the interval on a busy machine.)
let server: SimulatorServer;
beforeAll(async () => {
  server = await startSimulatorServer({
    env: {
      SEFAZ_GATHER_MS: '3000',
      SEFAZ_TIMEOUT_MS: '5000',
    },
  });
});
afterAll(() => server.close());

describe('documents gather into lots (SEFAZ_GATHER_MS)', () => {
  it('sends the first of a stream at once and the rest of it together in one lot', async () => {
    const product = await server.newProduct();
    const refs = { tenant_ref: 'gather', branch_ref: 'f1' };
    await prepareBranch(server.url, product, refs);

    const first = await emitDocument(product.client, emissionRequest(refs));
    await sleep(300); // its claim, which the emission's commit wakes at once in this process
    const rest = await Promise.all(
      Array.from({ length: 4 }, () => emitDocument(product.client, emissionRequest(refs))),
    );
    const emitted = [first, ...rest];
    const documents = await untilDocumentsFinal(
      product.client,
      emitted.map((d) => d.id),
    );
    expect(documents.map((d) => d.status)).toEqual(Array(5).fill('autorizada'));

    const chaves = emitted.map((d) => d.chave_acesso);
    const { rows: lots } = await sql<{ chaves: string[] }>`
      select array_agg(substring(p.prot from '<chNFe>([0-9]{44})</chNFe>') order by 1) as chaves
      from sefaz_simulator.lote l cross join lateral unnest(l.protocolos) as p(prot)
      where substring(p.prot from '<chNFe>([0-9]{44})</chNFe>') = any(${chaves})
      group by l.recibo`.execute(server.database.db);
    // The first went alone (indSinc=1, in no lot); the other four, one lot.
    expect(lots).toHaveLength(1);
    expect([...(lots[0]?.chaves ?? [])].sort()).toEqual(chaves.slice(1).sort());
  });
});
