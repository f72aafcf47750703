// Transmission as an engine over its ports: the queue engine, the planner and the exchanges, with
// an in-memory store and a fake authoriser (transmission-ports.ts). No PostgreSQL, no network:
// what is sent, in what lots, and the order that keeps every NF-e authorised exactly once.
import type { TlsCredentials } from '@emissor/sefaz';
import { afterEach, describe, expect, it } from 'vitest';

import { createLogger } from '../../src/logging/logger.js';
import { NOT_SENT_CODE, MAX_LOCAL_FAILURES } from '../../src/modules/transmission/local-failure.js';
import {
  startTransmission,
  type TransmissionSettings,
} from '../../src/modules/transmission/transmission-engine.js';
import {
  NO_OBSERVER,
  type TransmissionObserver,
} from '../../src/modules/transmission/transmission-observer.js';
import type { WorkEngine } from '../../src/queue/work-engine.js';
import { FakeAuthoriser, MemoryTransmissionStore } from './transmission-ports.js';

const silent = createLogger('silent');
const credentials = (name: string): TlsCredentials =>
  ({
    certificatePem: `-----BEGIN CERTIFICATE-----\n${name}\n-----END CERTIFICATE-----\n`,
  }) as TlsCredentials;
const certificates = new Map([
  ['cert-a', credentials('a')],
  ['cert-b', credentials('b')],
]);
const credentialsOf = (id: string) => {
  const found = certificates.get(id);
  return found ? Promise.resolve(found) : Promise.reject(new Error(`no certificate ${id}`));
};

const started: WorkEngine[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((e) => e.stop()));
});

function start(
  store: MemoryTransmissionStore,
  sefaz: FakeAuthoriser,
  overrides: Partial<TransmissionSettings> = {},
): WorkEngine {
  const engine = startTransmission(
    { store, credentialsOf },
    {
      client: sefaz,
      override: 'https://sefaz.test',
      timeoutMs: 1_000,
      retryBaseMs: 5,
      observer: NO_OBSERVER,
      concurrency: 4,
      pollMs: 10,
      gatherMs: 0,
      ...overrides,
    },
    silent,
  );
  started.push(engine);
  return engine;
}

/**
 * Waits for `done`, moving the store's clock on a second at a time meanwhile: retries, receipt
 * polls and leases come due without the test waiting for them in real time.
 */
async function until(store: MemoryTransmissionStore, done: () => boolean, stepMs = 1_000) {
  for (let i = 0; i < 500; i += 1) {
    if (done()) return;
    store.advance(stepMs);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  throw new Error('not done in time');
}

const allFinal = (store: MemoryTransmissionStore) => () => store.rows.size === 0;

describe('transmission over its ports', () => {
  it('sends a lone document synchronously and stores its authorisation once', async () => {
    const store = new MemoryTransmissionStore();
    const sefaz = new FakeAuthoriser();
    const document = store.enqueue();
    start(store, sefaz);
    await until(store, allFinal(store));
    expect(store.statusOf(document.id)).toBe('autorizada');
    expect(store.documents.get(document.id)?.protNFe).toContain(document.chave);
    expect(sefaz.calls.map((c) => c.service)).toEqual(['NFeAutorizacao4']);
    expect(sefaz.lots).toEqual([]);
  });

  it('packs a burst into asynchronous lots of at most 50 per certificate and polls each recibo', async () => {
    const store = new MemoryTransmissionStore();
    const sefaz = new FakeAuthoriser();
    sefaz.pendingPolls = 2;
    const documents = [
      ...Array.from({ length: 120 }, () => store.enqueue({ certificateId: 'cert-a' })),
      ...Array.from({ length: 30 }, () => store.enqueue({ certificateId: 'cert-b' })),
    ];
    start(store, sefaz);
    await until(store, allFinal(store));
    expect(documents.every((d) => store.statusOf(d.id) === 'autorizada')).toBe(true);
    expect([...sefaz.received.values()].every((n) => n === 1)).toBe(true);
    expect(sefaz.received.size).toBe(150);
    expect(sefaz.lots.map((lot) => lot.length).sort((a, b) => a - b)).toEqual([20, 30, 50, 50]);
    // A lot never mixes certificates.
    const certificateOf = new Map(documents.map((d) => [d.chave, d.certificateId]));
    for (const lot of sefaz.lots)
      expect(new Set(lot.map((chave) => certificateOf.get(chave))).size).toBe(1);
    // 105 twice, then 104: three polls per recibo, each for the whole lot.
    expect(sefaz.callsOf('NFeRetAutorizacao4')).toBe(4 * 3);
    expect(sefaz.callsOf('NFeConsultaProtocolo4')).toBe(0);
  });

  it('consults a send whose answer was lost, finds it authorised, and never sends it again', async () => {
    const store = new MemoryTransmissionStore();
    const sefaz = new FakeAuthoriser();
    const recovered: string[] = [];
    const observer: TransmissionObserver = { ...NO_OBSERVER, recovered: (o) => recovered.push(o) };
    sefaz.fail('lose-answer');
    const document = store.enqueue();
    start(store, sefaz, { observer });
    await until(store, allFinal(store));
    expect(store.statusOf(document.id)).toBe('autorizada');
    expect(sefaz.received.get(document.chave)).toBe(1);
    expect(sefaz.calls.map((c) => c.service)).toEqual(['NFeAutorizacao4', 'NFeConsultaProtocolo4']);
    expect(recovered).toEqual(['found']);
  });

  it('consults every document of a lot whose answer was lost, one authorisation each', async () => {
    const store = new MemoryTransmissionStore();
    const sefaz = new FakeAuthoriser();
    sefaz.fail('lose-answer');
    const documents = Array.from({ length: 5 }, () => store.enqueue());
    start(store, sefaz);
    await until(store, allFinal(store));
    expect(documents.map((d) => store.statusOf(d.id))).toEqual(Array(5).fill('autorizada'));
    expect(sefaz.lots).toHaveLength(1);
    expect(sefaz.callsOf('NFeConsultaProtocolo4')).toBe(5);
    expect([...sefaz.received.values()]).toEqual([1, 1, 1, 1, 1]);
  });

  it('sends again without consulting when the send never left', async () => {
    const store = new MemoryTransmissionStore();
    const sefaz = new FakeAuthoriser();
    sefaz.fail('refuse-connection', 'refuse-connection');
    const document = store.enqueue();
    start(store, sefaz);
    await until(store, allFinal(store));
    expect(store.statusOf(document.id)).toBe('autorizada');
    expect(sefaz.callsOf('NFeConsultaProtocolo4')).toBe(0);
    expect(sefaz.received.get(document.chave)).toBe(1);
  });

  it('after a process dies mid-exchange, the next one consults before anything is resent', async () => {
    const store = new MemoryTransmissionStore();
    const sefaz = new FakeAuthoriser();
    sefaz.fail('hang');
    const document = store.enqueue();
    const dying = start(store, sefaz);
    await until(store, () => sefaz.received.size === 1, 0);
    // Killed: it claims nothing more, and its exchange's answer never comes back to it.
    void dying.stop();
    start(store, sefaz);
    // The lease (twice the call timeout and 10 s) ends; the row is claimed again, as sent.
    await until(store, allFinal(store));
    expect(store.statusOf(document.id)).toBe('autorizada');
    expect(sefaz.received.get(document.chave)).toBe(1);
    expect(sefaz.calls.map((c) => c.service)).toEqual(['NFeAutorizacao4', 'NFeConsultaProtocolo4']);
    // Had the first process lived to store its late answer, the fence would have refused it.
    sefaz.releaseHanging();
    await until(store, () => store.refused.length === 1, 0);
    expect(store.refused[0]?.claimed.attempt).toBe(1);
  });

  it('waits for a certificate without calling SEFAZ when the branch has none', async () => {
    const store = new MemoryTransmissionStore();
    const sefaz = new FakeAuthoriser();
    const document = store.enqueue({ certificateId: null });
    start(store, sefaz);
    await until(store, () => (store.rows.get(document.id)?.attempts ?? 0) >= 1, 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const row = store.rows.get(document.id);
    expect(row?.lastError).toBe('the branch has no live certificate');
    expect((row?.availableAt ?? 0) - store.now()).toBeGreaterThan(55_000);
    expect(sefaz.calls).toEqual([]);
  });

  it(`gives up a document no lot can carry after ${MAX_LOCAL_FAILURES} identical failures, never sent, its number voided`, async () => {
    const store = new MemoryTransmissionStore();
    const sefaz = new FakeAuthoriser();
    const unsendable = store.enqueue({ xml: '<nfeProc/>' });
    const fine = store.enqueue();
    start(store, sefaz);
    await until(store, allFinal(store));
    expect(store.statusOf(unsendable.id)).toBe('rejeitada');
    expect(store.documents.get(unsendable.id)?.rejeicaoCodigo).toBe(NOT_SENT_CODE);
    expect(store.voided).toEqual([unsendable.id]);
    expect(store.statusOf(fine.id)).toBe('autorizada');
    expect(sefaz.received.has(unsendable.chave)).toBe(false);
  });

  it('keeps at most the trickle of exchanges in flight while requests saturate the process', async () => {
    const store = new MemoryTransmissionStore();
    const sefaz = new FakeAuthoriser();
    let inFlight = 0;
    let most = 0;
    const counting = {
      call: async (call: Parameters<FakeAuthoriser['call']>[0]) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        try {
          return await sefaz.call(call);
        } finally {
          inFlight -= 1;
        }
      },
    };
    for (const certificateId of ['cert-a', 'cert-b', 'cert-a', 'cert-b'])
      store.enqueue({ certificateId, productId: certificateId });
    start(store, sefaz, {
      client: counting,
      concurrencyWhileSaturated: 1,
      requestsSaturated: () => true,
    });
    await until(store, allFinal(store), 0);
    expect(most).toBe(1);
  });
});
