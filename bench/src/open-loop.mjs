// An open-loop load: requests at a fixed rate over a fixed set of keep-alive connections, whatever
// the server's answers. autocannon is a closed loop (each connection waits for its answer before it
// sends again), so there latency at saturation is 64 ÷ throughput by construction; this measures
// latency at a given rate instead. Each latency runs from the instant the request was due, so a
// request that waited for a free connection counts its wait (no coordinated omission).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

import { percentile } from './stats.mjs';

/**
 * POSTs `bodies` (round robin) to `url` at `rate` per second for `durationS` over `connections`
 * sockets. `answers`, when given, receives `[completedAt, latencyMs, status]` for every answer as it
 * comes (performance.now() clock), for a caller that reports per window while the load runs.
 */
export async function openLoop({ url, apiKey, bodies, rate, connections, durationS, answers }) {
  // A socket left idle is closed here before the API's 5-s keep-alive timeout closes it there: a
  // request written to a socket the server is closing fails with ECONNRESET. One end-to-end run lost
  // one request of 6,000 this way or another; the result now names the error.
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, timeout: 4_000 });
  const target = new URL(url);
  const latencies = [];
  const statuses = {};
  let errors = 0;
  const errorCodes = {};
  const total = Math.round(rate * durationS);
  const start = performance.now() + 50;

  const send = (i) =>
    new Promise((resolve) => {
      const due = start + (i * 1000) / rate;
      const body = bodies[i % bodies.length];
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-api-key': apiKey,
            'idempotency-key': randomUUID(),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            const now = performance.now();
            latencies.push(now - due);
            answers?.push([now, now - due, res.statusCode]);
            resolve();
          });
        },
      );
      req.on('error', (error) => {
        errors++;
        errorCodes[error.code ?? error.message] =
          (errorCodes[error.code ?? error.message] ?? 0) + 1;
        resolve();
      });
      req.end(body);
    });

  const pending = [];
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(send(i));
  }
  await Promise.all(pending);
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const ok = Object.entries(statuses).reduce(
    (n, [code, count]) => (code.startsWith('2') ? n + count : n),
    0,
  );
  return {
    rate,
    connections,
    sent: total,
    ok,
    errors,
    non2xx: latencies.length - ok,
    statuses,
    errorCodes,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    within100: sorted.length > 0 ? sorted.filter((ms) => ms <= 100).length / sorted.length : NaN,
  };
}
