// Markdown tables for the http and list parts.
import { fmtMs, fmtRate, table } from './stats.mjs';

const cpu = (v) => (Number.isFinite(v) ? v.toFixed(2) : 'n/a');
/** CPU per stored emission (ms) from cores in use and the rate. */
const perEmission = (cores, rate) =>
  Number.isFinite(cores) && rate > 0 ? ((cores * 1000) / rate).toFixed(2) : 'n/a';

export function renderHttp(r) {
  if (r.failed) return `Not measured: ${r.failed}`;
  const rows = r.runs.map((x) => [
    x.series,
    x.connections,
    fmtRate(x.okPerSec),
    x.p50,
    x.p90 ?? 'n/a',
    x.p99,
    x.max,
    Number.isFinite(x.within100) ? `${(x.within100 * 100).toFixed(1)}%` : 'n/a',
    `${x.errors} / ${x.timeouts} / ${x.non2xx}`,
    cpu(x.cpuApi),
    cpu(x.cpuPg),
    `${perEmission(x.cpuApi, x.okPerSec)} / ${perEmission(x.cpuPg, x.okPerSec)} / ${perEmission(x.cpuLoadgen, x.okPerSec)}`,
    x.maxRssMiB.toFixed(0),
  ]);
  const out = [
    `POST /v1/emissoes, 10-item documents, a fresh Idempotency-Key per request, ${r.duration} s per row (autocannon).`,
    '',
    table(
      [
        'series',
        'connections',
        'emissions/s (2xx)',
        'p50 ms',
        'p90 ms',
        'p99 ms',
        'max ms',
        'answered ≤ 100 ms',
        'errors / timeouts / non-2xx',
        'API CPU (cores)',
        'PostgreSQL CPU (cores)',
        'CPU ms per emission: API / PostgreSQL / load generator',
        'API max RSS MiB',
      ],
      rows,
    ),
    '',
    ...(r.atRate
      ? [
          `The same 64 clients at the target rates, open loop (${r.duration} s each; requests sent at fixed intervals over 64 keep-alive connections whatever the answers, each latency counted from the instant its request was due):`,
          '',
          table(
            [
              'series',
              'rate /s',
              'sent',
              '2xx',
              'p50 ms',
              'p90 ms',
              'p99 ms',
              'max ms',
              'answered ≤ 100 ms',
              'errors + non-2xx',
              'API CPU (cores)',
              'PostgreSQL CPU (cores)',
              'load generator CPU (cores)',
            ],
            r.atRate.map((x) => [
              x.series,
              x.rate,
              x.sent,
              x.ok,
              fmtMs(x.p50),
              fmtMs(x.p90),
              fmtMs(x.p99),
              fmtMs(x.max),
              `${(x.within100 * 100).toFixed(1)}%`,
              x.errors + x.non2xx,
              cpu(x.cpuApi),
              cpu(x.cpuPg),
              cpu(x.cpuLoadgen),
            ]),
          ),
          '',
        ]
      : []),
    `One 990-item emission end to end (${r.big990.bodyBytes.toLocaleString('en-US')}-byte request, sequential, ${r.big990.n} runs after 2 warm-ups): ` +
      `p50 **${fmtMs(r.big990.p50)} ms**, p99 ${fmtMs(r.big990.p99)} ms, min ${fmtMs(r.big990.min)} ms; statuses ${JSON.stringify(r.big990.statuses)}.`,
    '',
    ...(r.loadedSale
      ? [
          `The sale on credit of /docs end to end (discount, freight, a carrier with volumes, duplicatas; ${r.loadedSale.bodyBytes.toLocaleString('en-US')}-byte request, sequential, ${r.loadedSale.n} runs): ` +
            `p50 **${fmtMs(r.loadedSale.p50)} ms**, p99 ${fmtMs(r.loadedSale.p99)} ms; statuses ${JSON.stringify(r.loadedSale.statuses)}.`,
          '',
        ]
      : []),
    `API RSS (VmRSS of the API process${r.workers > 1 ? ' and its workers' : ''}, sampled every 100 ms): max **${r.maxRssMiB.toFixed(0)} MiB**. ` +
      `API_WORKERS=${r.workers}, SIGNING_THREADS=${r.signingThreads ?? 1}, LOG_LEVEL=${r.apiLogLevel} (logs written to a discarded stdout). Documents stored after the run: ${r.documentsStored.toLocaleString('en-US')}.`,
  ];
  return out.join('\n');
}

export function renderList(r) {
  if (r.failed) return `Not measured: ${r.failed}`;
  const rows = r.results.map((q) => [
    q.name,
    q.http1.p50,
    q.http1.p99,
    fmtRate(q.http1.okPerSec),
    q.http16.p50,
    q.http16.p99,
    fmtRate(q.http16.okPerSec),
    q.http1.non2xx + q.http16.non2xx + q.http1.errors + q.http16.errors,
    fmtMs(q.dbMs),
    q.plan,
  ]);
  return [
    `GET /v1/documentos over **${r.tableRows.toLocaleString('en-US')}** documents (${r.total.toLocaleString('en-US')} bulk-inserted with generate_series in ${r.insertSeconds.toFixed(1)} s over 32 branches/4 tenants, ` +
      `status mix 70% assinada / 20% autorizada / 9% rejeitada / 1% cancelada; table + indexes ${r.tableSize}). ${r.duration} s per row, 1 and 16 connections.`,
    '',
    table(
      [
        'query',
        'p50 ms (1 conn)',
        'p99 ms (1 conn)',
        'req/s (1 conn)',
        'p50 ms (16)',
        'p99 ms (16)',
        'req/s (16)',
        'errors+non-2xx',
        'DB exec ms',
        'plan',
      ],
      rows,
    ),
    '',
    `API max RSS during the list runs: ${r.maxRssMiB.toFixed(0)} MiB. "DB exec ms" is EXPLAIN ANALYZE of the repository's SQL (documents.repository.ts listDocuments).`,
  ].join('\n');
}
