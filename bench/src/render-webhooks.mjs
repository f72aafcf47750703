// The webhooks part in markdown: emissions with no webhook vs 1 webhook, and the delivery latency.
import { fmtMs, fmtRate, table } from './stats.mjs';

const ratio = (a, b) => (Number.isFinite(a / b) ? `${(a / b).toFixed(2)}×` : 'n/a');

export function renderWebhooks(r) {
  if (!r) return '_not measured yet: run `pnpm bench --only webhooks`_';
  if (r.failed) return `_failed: ${r.failed}_`;
  const { none, one, latency, latencyAtRate, latencyCalm } = r;
  const emissions = table(
    ['POST /v1/emissoes (32 series, 10 items)', 'no webhook', '1 webhook', '1 ÷ none'],
    [
      [
        'answered/s (closed loop, 64 conn)',
        fmtRate(none.closed.okPerSec),
        fmtRate(one.closed.okPerSec),
        ratio(one.closed.okPerSec, none.closed.okPerSec),
      ],
      [
        'p99 (closed loop)',
        fmtMs(none.closed.p99),
        fmtMs(one.closed.p99),
        ratio(one.closed.p99, none.closed.p99),
      ],
      [
        `p50 / p99 at ${none.open.rate}/s (open loop)`,
        `${fmtMs(none.open.p50)} / ${fmtMs(none.open.p99)}`,
        `${fmtMs(one.open.p50)} / ${fmtMs(one.open.p99)}`,
        ratio(one.open.p99, none.open.p99),
      ],
    ],
  );
  const row = (label, l) => [
    label,
    String(l.firstAttempt.count),
    `${fmtMs(l.firstAttempt.p50)} / ${fmtMs(l.firstAttempt.p99)} / ${fmtMs(l.firstAttempt.max)}`,
    `${fmtMs(l.delivered.p50)} / ${fmtMs(l.delivered.p99)}`,
  ];
  const delivery = table(
    [
      'deliveries (1 webhook, documento.autorizado)',
      'count',
      'status change → first attempt p50 / p99 / max',
      '→ 2xx p50 / p99',
    ],
    [
      ...(latencyCalm ? [row(`open loop at ${latencyCalm.rate}/s (calm)`, latencyCalm)] : []),
      row(`open loop at ${one.open.rate}/s`, latencyAtRate),
      row('closed loop and open loop together', latency),
    ],
  );
  const statuses = Object.entries(latency.statuses)
    .map(([s, n]) => `${n} ${s}`)
    .join(', ');
  return [
    `The calm row is the delivery latency proper. Under a load the API cannot keep up with (its requests queue), the deliverers yield to the requests (2 attempts in flight instead of 16) and the latency is that of their backlog.`,
    '',
    `The API transmits to the local SEFAZ (${r.latencyMs} ms of simulated latency, nice ${r.simulatorNice}); the product first has no webhook, then one webhook on https://127.0.0.1 (a receiver in the bench process answering 204) subscribed to documento.autorizado. The same loads run in that order on one stack.`,
    '',
    emissions,
    '',
    delivery,
    '',
    `Deliveries during the two loads: ${statuses}; ${latency.retries} retries; the last was delivered ${r.drainSeconds.toFixed(1)} s after the load's backlog was authorised. The latency runs from the status change's commit (the delivery row's created_at, the database's clock) to the attempt's start (the API's clock, same machine).`,
  ].join('\n');
}
