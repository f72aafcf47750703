import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emissionRequest, newKey, postEmission, prepareBranch } from './helpers/emission.js';
import { saoPauloDate } from './helpers/sao-paulo-date.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';

/* The rules that compare a request with the date of issue (here a duplicata's due date, SEFAZ 900)
   judge it by the day its NF-e is issued, after the idempotency key's replay: a retry of an
   authorised request on the next day answers with the stored document, not with a 422. */

const DAY_MS = 86_400_000;
/** The server's clock: the real instant when the file starts, moved a day on by the test. */
const start = Date.now();
let offset = 0;

let server: SimulatorServer;
beforeAll(async () => {
  server = await startSimulatorServer({
    clock: () => new Date(start + offset),
  });
});
afterAll(() => server.close());

/** The server's date in São Paulo, `days` after the start: where dhEmi is written. */
const spDate = (days: number) => saoPauloDate(days, start);

const post = (apiKey: string, key: string, body: unknown, prefer?: string) =>
  postEmission(server.url, apiKey, body, { key, prefer });

describe('a duplicata due on the day of issue, retried the next day', () => {
  it('is authorised on that day, and its retry on the next one replays it (200, not 422)', async () => {
    const product = await server.newProduct();
    const r = { tenant_ref: 'issue-date', branch_ref: 'filial-1' };
    await prepareBranch(server.url, product, r, { nextNumber: 500 });
    const body = {
      ...emissionRequest(r),
      cobranca: {
        fatura: { numero: 'FAT-1', valor_original: '21.00', valor_liquido: '21.00' },
        duplicatas: [
          { numero: '001', vencimento: spDate(0), valor: '10.50' },
          { numero: '002', vencimento: spDate(30), valor: '10.50' },
        ],
      },
      pagamento: { tpag: '15', valor: '21.00', indpag: '1' },
    };
    const key = newKey();

    offset = 0;
    const first = await post(product.apiKey, key, body, 'wait=10');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.status, JSON.stringify(first.body)).toBe('autorizada');

    // A day later the first instalment is due before the day of issue (900) for a new NF-e…
    offset = DAY_MS;
    const retry = await post(product.apiKey, key, body);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.id).toBe(first.body.id);
    expect(retry.body.status).toBe('autorizada');

    // …which a new key meets: a 422 before a number is taken.
    const fresh = await post(product.apiKey, newKey(), body);
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(422);
    expect(fresh.body.detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'cobranca', 'duplicatas', 0, 'vencimento'],
        type: 'nfe_rule',
        msg: expect.stringMatching(/^SEFAZ rejection 900 /),
      }),
    ]);
    const series = await product.client.series.listSeries({ query: r });
    if (series.status !== 200) throw new Error('list failed');
    expect(series.body.map((s) => s.next_number)).toEqual([501]);
  });
});
