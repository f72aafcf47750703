// Jobs through one system until `total` jobs have had their effect recorded; no work in a job
// beyond recording its effect. Without a rate, as fast as it takes them: the producer keeps a
// backlog queued, so the workers never wait for work and what is timed is claiming and
// completing. With `ratePerSecond`, jobs arrive at that rate (every 100 ms) and the workers take
// them as they come, the way the API's queue churns.
import { performance } from 'node:perf_hooks';

import { keys } from './job-keys.mjs';
import { sampleSize, tableStats } from './table-stats.mjs';
import { resetTimings, timingSummary } from './timing.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function flow(
  system,
  url,
  { total, workers, batch, backlog = 2_000, chunk = 500, ratePerSecond, variant },
) {
  await system.setup(url);
  const producer = system.producer(url);
  let enqueued = 0;
  let done = 0;
  const enqueue = async (n) => {
    await producer.enqueue(keys(n));
    enqueued += n;
  };
  if (!ratePerSecond) await enqueue(Math.min(backlog, total));
  const sizes = sampleSize(url, system.tables);
  resetTimings();
  const started = performance.now();
  const handle = await system.startWorkers(url, {
    workers,
    batch,
    leaseMs: 60_000,
    variant,
    onDone: (n) => (done += n),
  });
  while (done < total) {
    if (ratePerSecond) {
      const due = Math.min(
        total,
        Math.floor(((performance.now() - started) / 1000) * ratePerSecond),
      );
      if (due > enqueued) await enqueue(due - enqueued);
      await sleep(100);
    } else if (enqueued < total && enqueued - done < backlog) {
      await enqueue(Math.min(chunk, total - enqueued));
    } else await sleep(5);
  }
  const seconds = (performance.now() - started) / 1000;
  const timings = timingSummary();
  await handle.stop();
  await producer.close();
  const peakBytes = await sizes.stop();
  // Backends send their table counters to the statistics system when idle and at exit.
  await sleep(1_500);
  const stats = await tableStats(url, system.tables);
  return {
    system: variant ? `${system.name}, ${variant}` : system.name,
    workers,
    ratePerSecond: ratePerSecond ?? null,
    batch,
    total: done,
    seconds: +seconds.toFixed(2),
    jobsPerSecond: Math.round(done / seconds),
    claim: timings.claim,
    complete: timings.complete,
    peakBytes,
    stats,
  };
}
