import type pg from 'pg';
import { Counter, Gauge, Histogram, type Metric } from 'prom-client';

import type { TransmissionObserver } from './transmission-observer.js';

export interface TransmissionMetrics {
  /** What the workers report to. */
  observer: TransmissionObserver;
  /** Registered on the app's registry (`GET /metrics`); created even with SEFAZ=off, then quiet. */
  metrics: Metric[];
}

interface QueueSnapshot {
  documents: number;
  oldestSeconds: number;
}

/** One scrape reads the queue once for both gauges. */
const SNAPSHOT_TTL_MS = 500;

/**
 * Transmission metrics: the queue (shared by every process, read from PostgreSQL when scraped),
 * and what this process saw: calls to SEFAZ by service and cStat, the time from emission to the
 * final status, unknown outcomes settled by consultation, and each authoriser's health.
 * Labels are bounded: services, cStat codes, authorisers, ambientes, statuses.
 */
export function createTransmissionMetrics(pool: pg.Pool): TransmissionMetrics {
  let snapshot: { at: number; value: Promise<QueueSnapshot> } | undefined;
  const readQueue = () => {
    if (snapshot && Date.now() - snapshot.at < SNAPSHOT_TTL_MS) return snapshot.value;
    const value = pool
      .query<QueueSnapshot>(
        `select count(*)::int as documents,
                coalesce(extract(epoch from now() - min(enqueued_at)), 0)::float8 as "oldestSeconds"
         from transmission_queue`,
      )
      .then(({ rows }) => rows[0] ?? { documents: 0, oldestSeconds: 0 });
    snapshot = { at: Date.now(), value };
    void value.catch(() => (snapshot = undefined));
    return value;
  };

  const queueDocuments = new Gauge({
    name: 'emissor_transmission_queue_documents',
    help: 'Documents in transmission (queued, in an exchange or waiting to retry), all processes.',
    registers: [],
    async collect() {
      this.set((await readQueue()).documents);
    },
  });
  const queueOldest = new Gauge({
    name: 'emissor_transmission_queue_oldest_seconds',
    help: 'Age of the oldest document still in transmission (0 when none), all processes.',
    registers: [],
    async collect() {
      this.set((await readQueue()).oldestSeconds);
    },
  });
  const calls = new Counter({
    name: 'emissor_sefaz_calls_total',
    help: "Calls to SEFAZ by service and the answer's cStat (none: no answer).",
    labelNames: ['service', 'cstat'] as const,
    registers: [],
  });
  const finalSeconds = new Histogram({
    name: 'emissor_transmission_final_seconds',
    help: 'Time from emission (queued) to the final status stored, by status.',
    labelNames: ['status'] as const,
    buckets: [0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 1800, 3600],
    registers: [],
  });
  const recovered = new Counter({
    name: 'emissor_transmission_unknown_recovered_total',
    help: 'Sends with an unknown outcome settled by consultation: found at SEFAZ, or never received and resent.',
    labelNames: ['outcome'] as const,
    registers: [],
  });
  const up = new Gauge({
    name: 'emissor_sefaz_authoriser_up',
    help: 'Whether the last call to the authoriser was answered by a working service (1) or not (0).',
    labelNames: ['autorizador', 'ambiente'] as const,
    registers: [],
  });
  const failures = new Gauge({
    name: 'emissor_sefaz_authoriser_consecutive_failures',
    help: 'Calls to the authoriser in a row without an answer or answered 108, 109 or 656.',
    labelNames: ['autorizador', 'ambiente'] as const,
    registers: [],
  });

  const yielding = new Gauge({
    name: 'emissor_transmission_yielding',
    help: "1 while this process's requests saturate it and transmission keeps only a trickle of exchanges in flight.",
    registers: [],
  });
  const yields = new Counter({
    name: 'emissor_transmission_yields_total',
    help: 'Times transmission started yielding to requests that saturate this process.',
    registers: [],
  });

  return {
    metrics: [
      queueDocuments,
      queueOldest,
      calls,
      finalSeconds,
      recovered,
      up,
      failures,
      yielding,
      yields,
    ],
    observer: {
      called({ service, autorizador, ambiente, cStat, healthy }) {
        calls.inc({ service, cstat: cStat?.trim() ?? 'none' });
        const authoriser = { autorizador, ambiente };
        up.set(authoriser, healthy ? 1 : 0);
        if (healthy) failures.set(authoriser, 0);
        else failures.inc(authoriser);
      },
      finished(status, seconds) {
        finalSeconds.observe({ status }, seconds);
      },
      recovered(outcome) {
        recovered.inc({ outcome });
      },
      yielding(on) {
        yielding.set(on ? 1 : 0);
        if (on) yields.inc();
      },
    },
  };
}
