import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

import { afterEach, describe, expect, it } from 'vitest';

import { createRequestPressure, watchRequests, type RequestPressure } from './request-pressure.js';

// A real HTTP server whose answers take `?ms=` milliseconds. The pressure samples every 20 ms and
// calls answers of 60 ms or more slow: the slow and quick answers below are far from that line.
const SAMPLE_MS = 20;
let server: Server;
let pressure: RequestPressure;
let url: string;
const changes: boolean[] = [];

async function start(calmSamples = 3) {
  changes.length = 0;
  pressure = createRequestPressure({
    slowAboveMs: 60,
    sampleMs: SAMPLE_MS,
    calmSamples,
    onChange: (saturated) => changes.push(saturated),
  });
  server = createServer((req, res) => {
    const ms = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms') ?? 0);
    setTimeout(() => res.end('ok'), ms);
  });
  watchRequests(server, pressure);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  pressure.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** `n` requests at once, each answered after `ms`. */
const requests = (n: number, ms: number, headers: Record<string, string> = {}) =>
  Promise.all(
    Array.from({ length: n }, () => fetch(`${url}/?ms=${ms}`, { headers }).then((r) => r.text())),
  );

describe('request pressure', () => {
  it('is not saturated while answers are quick', async () => {
    await start();
    for (let i = 0; i < 10; i++) await requests(4, 0);
    await sleep(SAMPLE_MS * 3);
    expect(pressure.saturated()).toBe(false);
    expect(changes).toEqual([]);
  });

  it('is saturated after slow answers, and ends after a calm stretch of quick ones', async () => {
    await start();
    await requests(4, 150);
    await sleep(SAMPLE_MS * 2);
    expect(pressure.saturated()).toBe(true);
    // Quick answers for well over calmSamples samples end it.
    const until = Date.now() + SAMPLE_MS * 12;
    while (Date.now() < until) await requests(2, 0);
    await sleep(SAMPLE_MS * 2);
    expect(pressure.saturated()).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('judges a sample in which nothing ended by how long the open requests have waited', async () => {
    await start();
    const open = requests(2, 250);
    await sleep(SAMPLE_MS * 6);
    expect(pressure.saturated()).toBe(true);
    await open;
  });

  it('leaves out requests that asked to wait (Prefer: wait)', async () => {
    await start();
    await requests(4, 150, { prefer: 'wait=10' });
    await sleep(SAMPLE_MS * 3);
    expect(pressure.saturated()).toBe(false);
    expect(changes).toEqual([]);
  });
});
