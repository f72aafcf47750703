#!/usr/bin/env node
// `pnpm bench [--quick] [--only library|http|list|simulator|sustained|transmission|queue|webhooks|contingency[,…]]`: prints tables and, for a full run, writes
// docs/benchmarks.md from the latest result of every part (bench/results/<part>.json).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { REPO, readJson, resultsDir } from './fixtures.mjs';
import { machineInfo } from './machine.mjs';
import { renderDocument } from './report.mjs';
import { renderSustained } from './render-sustained.mjs';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    'no-docs': { type: 'boolean', default: false },
    'report-only': { type: 'boolean', default: false },
    'sustained-seconds': { type: 'string' },
    'sustained-label': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(`Usage: pnpm bench [--quick] [--only library,http,list,simulator,sustained,transmission,queue,webhooks,contingency] [--no-docs]

  library  build+sign one NF-e (1/10/100/990 items) vs xml-crypto, nfewizard-io, node-sped-nfe
  http     POST /v1/emissoes with autocannon at 1/16/64 connections, 990-item latency, API RSS
  list     GET /v1/documentos over 1,000,000 stored documents
  simulator  NF-e authorised/s through apps/sefaz-simulator over mutual TLS (sync lots of 1, async lots of 50)
  transmission  POST /v1/emissoes with transmission on vs off (answered/s, p99), and NF-e authorised/s
           end to end through the local SEFAZ with 300 ms latency, emission → autorizada p50/p99
  sustained  64 clients for 90 s on one series, then on 32 series: throughput and p99 per 5 s
           window and the series table's row versions (each run is kept in bench/results/sustained.json
           under its database, length and label; the report shows the newest of each database)
  queue    the transmission queue for minutes: emissions at 200/s (BENCH_QUEUE_RATE) transmitted to the
           local SEFAZ, NF-e authorised, queue rows, dead rows, pages and claim reads per 5 s window
           (runs kept in bench/results/queue.json like the sustained ones)
  webhooks POST /v1/emissoes with transmission on, with no webhook vs 1 webhook registered
           (answered/s, p99), and the delivery latency: status change → first attempt p50/p99
  contingency  SEFAZ-SP stops (108) with SVC-AN on: outage → first SVC authorisation, emissions
           answered and NF-e authorised per second in contingency, authoriser back → normal again
  --sustained-seconds N  length of each sustained scenario and of the queue run (default 90, 30 with --quick)
  --sustained-label L    names the sustained run (default: the git commit, e.g. before/after a change)
  --quick  small counts (~1-2 minutes); results go to bench/results/quick/, docs untouched
  --report-only  regenerate the markdown from the saved results without measuring
Needs a build first: TURBO_TELEMETRY_DISABLED=1 npx pnpm@10.34.9 exec turbo run build`);
  process.exit(0);
}

const ALL = [
  'library',
  'http',
  'list',
  'simulator',
  'sustained',
  'transmission',
  'queue',
  'webhooks',
  'contingency',
];
const parts = values['report-only']
  ? []
  : values.only
    ? values.only
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : ALL;
for (const p of parts)
  if (!ALL.includes(p)) throw new Error(`unknown part ${p} (expected ${ALL.join('|')})`);
const quick = values.quick;
const gitCommit = () => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: REPO,
      encoding: 'utf8',
    }).trim();
  } catch {
    return 'unknown';
  }
};
const started = Date.now();
const log = (line) =>
  process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s] ${line}\n`);

const outDir = quick ? join(resultsDir, 'quick') : resultsDir;
mkdirSync(outDir, { recursive: true });
const loadAtStart = {};
const mark = (name) => {
  loadAtStart[name] = loadavg();
};
const save = (name, result) => {
  const body = {
    ...result,
    finishedAt: new Date().toISOString(),
    machine: machineInfo(),
    loadavg: { start: loadAtStart[name] ?? null, end: loadavg() },
  };
  writeFileSync(join(outDir, `${name}.json`), `${JSON.stringify(body, null, 1)}\n`);
  return body;
};

/** --sustained-seconds, for the sustained and queue parts (undefined: their defaults). */
function sustainedSeconds() {
  const seconds = values['sustained-seconds'] ? Number(values['sustained-seconds']) : undefined;
  if (seconds !== undefined && !(seconds >= 5))
    throw new Error('--sustained-seconds needs a number ≥ 5');
  return seconds;
}

/**
 * Earlier runs of a part are kept (other databases, lengths, labels such as before/after a fix)
 * in bench/results/<part>.json; a run replaces only the one with the same key.
 */
function keepRun(part, key, run) {
  const file = join(outDir, `${part}.json`);
  const kept = existsSync(file) ? (readJson(file).runs ?? {}) : {};
  kept[key] = run;
  writeFileSync(file, `${JSON.stringify({ part, runs: kept }, null, 1)}\n`);
}

const { renderLibrary } = await import('./library.mjs');
const { renderHttp, renderList } = await import('./render-http.mjs');
let failures = 0;

if (parts.includes('library')) {
  try {
    mark('library');
    const { runLibrary } = await import('./library.mjs');
    const r = save('library', await runLibrary({ quick, log }));
    console.log(`\n## Library: build + sign one NF-e\n\n${renderLibrary(r)}\n`);
  } catch (error) {
    failures++;
    log(`library failed: ${error.stack ?? error}`);
    save('library', { part: 'library', quick, failed: String(error?.message ?? error) });
  }
}

if (parts.includes('http') || parts.includes('list')) {
  const { withStack } = await import('./stack.mjs');
  try {
    await withStack({ quick, log }, async (stack) => {
      if (parts.includes('http')) {
        try {
          mark('http');
          const { runHttp } = await import('./http.mjs');
          const r = save('http', await runHttp(stack, { quick, log }));
          console.log(`\n## HTTP end to end\n\n${renderHttp(r)}\n`);
        } catch (error) {
          failures++;
          log(`http failed: ${error.stack ?? error}`);
          save('http', { part: 'http', quick, failed: String(error?.message ?? error) });
        }
      }
      if (parts.includes('list')) {
        try {
          mark('list');
          const { runList } = await import('./list.mjs');
          const r = save('list', await runList(stack, { quick, log }));
          console.log(`\n## List route\n\n${renderList(r)}\n`);
        } catch (error) {
          failures++;
          log(`list failed: ${error.stack ?? error}`);
          save('list', { part: 'list', quick, failed: String(error?.message ?? error) });
        }
      }
    });
  } catch (error) {
    failures++;
    log(`could not start the API stack: ${error.stack ?? error}`);
    for (const p of ['http', 'list'])
      if (parts.includes(p))
        save(p, { part: p, quick, failed: `stack: ${String(error?.message ?? error)}` });
  }
}

if (parts.includes('simulator')) {
  try {
    mark('simulator');
    const { runSimulatorBench, renderSimulator } = await import('./simulator.mjs');
    const r = save('simulator', await runSimulatorBench({ quick, log }));
    console.log(`\n## Local SEFAZ (simulator)\n\n${renderSimulator(r)}\n`);
  } catch (error) {
    failures++;
    log(`simulator failed: ${error.stack ?? error}`);
    save('simulator', { part: 'simulator', quick, failed: String(error?.message ?? error) });
  }
}

if (parts.includes('sustained')) {
  try {
    mark('sustained');
    const { withStack } = await import('./stack.mjs');
    const { runSustained, sustainedKey } = await import('./sustained.mjs');
    const r = await runSustained(withStack, { quick, log, seconds: sustainedSeconds() });
    r.label = values['sustained-label'] ?? gitCommit();
    r.finishedAt = new Date().toISOString();
    r.machine = machineInfo();
    r.loadavg = { start: loadAtStart.sustained, end: loadavg() };
    keepRun('sustained', sustainedKey(r), r);
    console.log(`\n## Sustained load\n\n${renderSustained({ runs: { [sustainedKey(r)]: r } })}\n`);
  } catch (error) {
    failures++;
    log(`sustained failed: ${error.stack ?? error}`);
  }
}

if (parts.includes('transmission')) {
  const { isPartialTransmissionRun, runTransmission } = await import('./transmission.mjs');
  // A diagnosis of some phases only is saved apart: the recorded result stays whole.
  const name = isPartialTransmissionRun() ? 'transmission-partial' : 'transmission';
  try {
    mark(name);
    const { renderTransmission } = await import('./render-transmission.mjs');
    const r = save(name, await runTransmission({ quick, log }));
    console.log(`\n## Transmission\n\n${renderTransmission(r)}\n`);
  } catch (error) {
    failures++;
    log(`transmission failed: ${error.stack ?? error}`);
    save(name, { part: 'transmission', quick, failed: String(error?.message ?? error) });
  }
}

if (parts.includes('queue')) {
  try {
    mark('queue');
    const { runQueue, queueKey } = await import('./queue.mjs');
    const { renderQueue } = await import('./render-queue.mjs');
    const r = await runQueue({ quick, log, seconds: sustainedSeconds() });
    r.label = values['sustained-label'] ?? gitCommit();
    r.finishedAt = new Date().toISOString();
    r.machine = machineInfo();
    r.loadavg = { start: loadAtStart.queue, end: loadavg() };
    keepRun('queue', queueKey(r), r);
    console.log(
      `\n## Transmission queue over minutes\n\n${renderQueue({ runs: { [queueKey(r)]: r } })}\n`,
    );
  } catch (error) {
    failures++;
    log(`queue failed: ${error.stack ?? error}`);
  }
}

if (parts.includes('webhooks')) {
  try {
    mark('webhooks');
    const { runWebhooks } = await import('./webhooks.mjs');
    const { renderWebhooks } = await import('./render-webhooks.mjs');
    const r = save('webhooks', await runWebhooks({ quick, log }));
    console.log(`\n## Webhooks\n\n${renderWebhooks(r)}\n`);
  } catch (error) {
    failures++;
    log(`webhooks failed: ${error.stack ?? error}`);
    save('webhooks', { part: 'webhooks', quick, failed: String(error?.message ?? error) });
  }
}

if (parts.includes('contingency')) {
  try {
    mark('contingency');
    const { runContingency } = await import('./contingency.mjs');
    const { renderContingency } = await import('./render-contingency.mjs');
    const r = save('contingency', await runContingency({ quick, log }));
    console.log(`\n## SVC contingency\n\n${renderContingency(r)}\n`);
  } catch (error) {
    failures++;
    log(`contingency failed: ${error.stack ?? error}`);
    save('contingency', { part: 'contingency', quick, failed: String(error?.message ?? error) });
  }
}

const load = (name) =>
  existsSync(join(outDir, `${name}.json`)) ? readJson(join(outDir, `${name}.json`)) : null;
const doc = renderDocument({
  library: load('library'),
  http: load('http'),
  list: load('list'),
  simulator: load('simulator'),
  sustained: load('sustained'),
  transmission: load('transmission'),
  queue: load('queue'),
  webhooks: load('webhooks'),
  contingency: load('contingency'),
  machine: machineInfo(),
  quick,
});
const target = quick ? join(outDir, 'benchmarks.quick.md') : join(REPO, 'docs', 'benchmarks.md');
if (!values['no-docs']) {
  writeFileSync(target, doc);
  log(`wrote ${target.replace(`${REPO}/`, '')}`);
}
log(
  `done in ${((Date.now() - started) / 1000).toFixed(0)} s${failures ? ` (${failures} part(s) failed)` : ''}`,
);
process.exitCode = failures ? 1 : 0;
