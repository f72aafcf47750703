import { Counter } from 'prom-client';

import type { EmissionEngine } from './emission-job.js';

/**
 * `emissor_emission_numbering_total`, read from the emission engine when scraped: the engine counts
 * in plain numbers, not through prom-client. Registered by the app's metrics (http/metrics.ts).
 */
export function numberingMetric(engine: EmissionEngine): Counter<'kind'> {
  return new Counter({
    name: 'emissor_emission_numbering_total',
    help:
      'Numbering in this process since it started: documents stored optimistically and the statements that ' +
      'stored them, series claims lost to ' +
      'another process (retried), transactions of the locked path, and optimistic batches that signed while ' +
      'an earlier batch of their series was being stored.',
    labelNames: ['kind'] as const,
    registers: [],
    collect() {
      const stats = engine.stats();
      this.reset();
      this.inc({ kind: 'optimistic_stored' }, stats.optimisticStored);
      this.inc({ kind: 'optimistic_statements' }, stats.optimisticStatements);
      this.inc({ kind: 'claims_lost' }, stats.claimsLost);
      this.inc({ kind: 'locked_batches' }, stats.lockedBatches);
      this.inc({ kind: 'pipelined_batches' }, stats.pipelinedBatches);
    },
  });
}
