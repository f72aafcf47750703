// Micro-benchmark of EmissaoRequestSchema.safeParse on dist/ (run `pnpm build` first):
//   node bench/parse.bench.mjs
// Reports CPU time per parse (process.cpuUsage: user + system), not wall time, because the
// machine is shared. When dist has the fast path, it also reports the same schema with the fast
// path switched off (plain zod objects), so one run shows before and after.
import { emissionRequest } from '@emissor/test-support';

import { EmissaoRequestSchema } from '../dist/index.js';

let setFastParse;
try {
  ({ setFastParse } = await import('../dist/fast-parse/index.js'));
} catch {
  setFastParse = undefined; // a dist built before the fast path
}

/** Median CPU µs per parse over `rounds` rounds of `reps` parses each (after a warm-up). */
function measure(body, reps, rounds = 15) {
  for (let i = 0; i < reps * 3; i++) EmissaoRequestSchema.safeParse(body);
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < reps; i++) {
      if (!EmissaoRequestSchema.safeParse(body).success) throw new Error('bench body is invalid');
    }
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / reps);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

const fmt = (us) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`);
const cases = [
  { items: 10, reps: 200 },
  { items: 990, reps: 3 },
];
const modes = setFastParse
  ? [
      ['plain zod', false],
      ['fast path', true],
    ]
  : [['(no fast path in dist)', null]];

for (const { items, reps } of cases) {
  // The tests' request (@emissor/test-support), decimals as strings.
  const body = emissionRequest({ tenant_ref: 'tenant-1', branch_ref: 'branch-1' }, { items });
  const row = [`${String(items).padStart(3)} items`];
  for (const [label, enabled] of modes) {
    if (setFastParse) setFastParse(enabled);
    row.push(`${label}: ${fmt(measure(body, reps))}`);
  }
  console.log(row.join('  |  '));
}
if (setFastParse) setFastParse(true);
