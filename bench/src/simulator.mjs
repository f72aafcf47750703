// Part 4 — the local SEFAZ: NF-e authorised per second through apps/sefaz-simulator over real
// mutual TLS, driven by @emissor/sefaz's SefazClient, in synchronous single-note lots and in
// 50-note asynchronous lots (enviNFe indSinc=0, then NFeRetAutorizacao4), with the CPU the
// simulator (and its PostgreSQL) spend per authorised document.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';

import { REPO } from './fixtures.mjs';
import { childrenOf, cpuSeconds, freePort, startPostgres } from './stack.mjs';
import { table } from './stats.mjs';

/**
 * The node flags the simulator is started with (`pnpm sefaz-simulator`, its `start` script and its
 * executable's shebang): semi-spaces of 64 MB, four times V8's default, since every lot is a few
 * hundred KB of text and trees dropped with the request (packages/sefaz-simulator/README.md, "Speed").
 */
const SIMULATOR_NODE_FLAGS = ['--max-semi-space-size=64'];

/** `node apps/sefaz-simulator/dist/main.js` on `databaseUrl`, with run knobs (e.g. `{ latencyMs: 300 }`). */
export async function startSimulator(databaseUrl, log, knobs = {}, { nice } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'emissor-bench-sim-'));
  // BENCH_SIMULATOR_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the simulator only.
  const nodeArgs = process.env.BENCH_SIMULATOR_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [...SIMULATOR_NODE_FLAGS, ...nodeArgs, join(REPO, 'apps/sefaz-simulator/dist/main.js')],
    {
      env: {
        ...process.env,
        SEFAZ_SIMULATOR_PORT: String(port),
        SEFAZ_SIMULATOR_DATABASE_URL: databaseUrl,
        SEFAZ_SIMULATOR_DATA_DIR: dataDir,
        SEFAZ_SIMULATOR_KNOBS: JSON.stringify(knobs),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // nice 19: the local SEFAZ at the lowest CPU priority, so on a small machine the API and
  // PostgreSQL are served first, as they would be with SEFAZ on another machine.
  if (nice) setPriority(child.pid, nice);
  // BENCH_SIMULATOR_LOG_FILE: the simulator's output (e.g. with "--trace-gc" in its node args).
  if (process.env.BENCH_SIMULATOR_LOG_FILE) {
    const file = createWriteStream(process.env.BENCH_SIMULATOR_LOG_FILE);
    child.stdout.pipe(file);
    child.stderr.pipe(file);
  }
  let output = '';
  const started = await new Promise((resolve, reject) => {
    child.stdout.on('data', (c) => {
      output += c;
      const url = /listening on (\S+)/.exec(output)?.[1];
      const caPath = /CA certificate: (\S+)/.exec(output)?.[1];
      if (url && caPath) resolve({ url, caPath });
    });
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) => reject(new Error(`simulator exited (${code}): ${output}`)));
  });
  if (nice && process.env.BENCH_SIMULATOR_SCHED === 'idle') schedIdle(child.pid);
  log(`simulator: ${started.url}, pid ${child.pid}`);
  return {
    ...started,
    pid: child.pid,
    caPem: readFileSync(started.caPath, 'utf8'),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** SCHED_IDLE for every thread of `pid`: it runs only on a core nothing else wants. */
export function schedIdle(pid) {
  execFileSync('chrt', ['--idle', '-a', '-p', '0', String(pid)]);
}

/** Runs `jobs` with at most `concurrency` in flight. */
async function pool(jobs, concurrency) {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]();
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

export async function runSimulatorBench({ quick, log }) {
  const { buildNfe } = await import('@emissor/nfe-xml');
  const { readPkcs12, signNfe } = await import('@emissor/signer');
  const { EMITTER_CNPJ, generateTestPfx, simplesNacionalRequest } =
    await import('@emissor/test-support');
  // The note every lot carries: the tests' Simples Nacional request (SP, one item of 10 × 50,00),
  // its item repeated BENCH_SIMULATOR_ITEMS times (default 1; the transmission part sends 10).
  const items = Number(process.env.BENCH_SIMULATOR_ITEMS ?? 1);
  const nfeRequest = () => {
    const request = simplesNacionalRequest(EMITTER_CNPJ);
    return {
      ...request,
      itens: Array.from({ length: items }, () => request.itens[0]),
      pagamento: { ...request.pagamento, valor: String(500 * items) },
      ver_proc: 'emissor-bench',
    };
  };
  const sefaz = await import('@emissor/sefaz');

  const pg = await startPostgres(log);
  let simulator;
  try {
    simulator = await startSimulator(pg.url, log);
    const pfx = generateTestPfx({
      keySize: 2048,
      cnpj: EMITTER_CNPJ,
      cnpjLocation: 'san-printable-string',
    });
    const credentials = readPkcs12(pfx.pfx, pfx.password);
    const tls = { certificatePem: credentials.certificatePem, privateKey: credentials.privateKey };
    const client = new sefaz.SefazClient({ extraCaPem: [simulator.caPem], maxSocketsPerHost: 16 });
    const endpoint = (service) =>
      sefaz.resolveEndpoint({
        uf: 'SP',
        ambiente: 'homologacao',
        service,
        override: simulator.url,
      });
    const issuedAt = new Date(Date.now() - 60_000);
    const note = (serie, numero) =>
      signNfe(
        buildNfe({ ...nfeRequest(), serie, numero, codigoNumerico: '40718293', issuedAt }).xml,
        credentials,
      );
    const cpu = () => {
      const pgPids = pg.postmasterPid ? [pg.postmasterPid, ...childrenOf(pg.postmasterPid)] : [];
      return {
        simulator: cpuSeconds(simulator.pid),
        pg: pg.postmasterPid ? pgPids.reduce((a, p) => a + cpuSeconds(p), 0) : NaN,
        client: process.cpuUsage(),
        at: performance.now(),
      };
    };
    const phase = async (name, documents, run) => {
      const before = cpu();
      const authorised = await run();
      const after = cpu();
      const seconds = (after.at - before.at) / 1000;
      const clientCpu =
        (after.client.user + after.client.system - before.client.user - before.client.system) / 1e6;
      const row = {
        name,
        documents,
        authorised,
        seconds,
        perSecond: authorised / seconds,
        simulatorCores: (after.simulator - before.simulator) / seconds,
        pgCores: (after.pg - before.pg) / seconds,
        clientCores: clientCpu / seconds,
        simulatorMsPerDoc: ((after.simulator - before.simulator) * 1000) / authorised,
        pgMsPerDoc: ((after.pg - before.pg) * 1000) / authorised,
      };
      log(`simulator: ${name}: ${authorised}/${documents} authorised in ${seconds.toFixed(1)} s`);
      return row;
    };

    // Warm-up (JIT, schema compilation, TLS handshakes) outside the measured phases.
    const warm = [1, 2, 3, 4].map((n) => note(9, n));
    for (const xml of warm)
      await client.call({
        credentials: tls,
        endpoint: endpoint('NFeAutorizacao4'),
        message: sefaz.buildEnviNFe({ idLote: '1', sincrono: true, nfes: [xml] }),
      });

    const syncCount = quick ? 300 : 3000;
    const syncConnections = 8;
    log(`simulator: signing ${syncCount} notes for the synchronous phase`);
    const syncNotes = Array.from({ length: syncCount }, (_, i) => note(1, i + 1));
    let syncOk = 0;
    const sync = await phase(
      `sync, 1 NF-e per lot, ${syncConnections} connections`,
      syncCount,
      async () => {
        await pool(
          syncNotes.map((xml) => async () => {
            const answer = await client.call({
              credentials: tls,
              endpoint: endpoint('NFeAutorizacao4'),
              message: sefaz.buildEnviNFe({ idLote: '1', sincrono: true, nfes: [xml] }),
            });
            if (answer.kind === 'retEnviNFe' && answer.protNFe?.cStat === '100') syncOk++;
          }),
          syncConnections,
        );
        return syncOk;
      },
    );

    const lots = quick ? 6 : 60;
    const lotConnections = 4;
    log(`simulator: signing ${lots * 50} notes for the asynchronous phase`);
    const lotMessages = Array.from({ length: lots }, (_, l) =>
      sefaz.buildEnviNFe({
        idLote: String(l + 1),
        sincrono: false,
        nfes: Array.from({ length: 50 }, (_, i) => note(2, l * 50 + i + 1)),
      }),
    );
    let asyncOk = 0;
    const async_ = await phase(
      `async, 50 NF-e per lot, ${lotConnections} lots in flight`,
      lots * 50,
      async () => {
        await pool(
          lotMessages.map((message) => async () => {
            const received = await client.call({
              credentials: tls,
              endpoint: endpoint('NFeAutorizacao4'),
              message,
            });
            if (received.kind !== 'retEnviNFe' || !received.recibo)
              throw new Error(`lot not received: ${received.cStat}`);
            for (;;) {
              const result = await client.call({
                credentials: tls,
                endpoint: endpoint('NFeRetAutorizacao4'),
                message: sefaz.buildConsReciNFe({
                  ambiente: 'homologacao',
                  nRec: received.recibo.nRec,
                }),
              });
              if (result.kind === 'retConsReciNFe' && result.cStat === '104') {
                asyncOk += result.protNFe.filter((p) => p.cStat === '100').length;
                return;
              }
            }
          }),
          lotConnections,
        );
        return asyncOk;
      },
    );
    client.close();
    return { part: 'simulator', quick, items, rows: [sync, async_] };
  } finally {
    if (simulator) await simulator.stop();
    await pg.stop();
  }
}

export function renderSimulator(result) {
  if (!result) return '_not measured yet: run `pnpm bench --only simulator`_';
  if (result.failed) return `_failed: ${result.failed}_`;
  const f = (v, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
  const cores = result.machine?.cores ?? NaN;
  // The CPU the three processes spend per authorised note, and the rate it allows when they have
  // the machine's cores to themselves: what carries over from a shared, loaded machine.
  const cpuMsPerDoc = (r) =>
    r.simulatorMsPerDoc + r.pgMsPerDoc + (r.clientCores * r.seconds * 1000) / r.authorised;
  const rows = table(
    [
      'lots',
      'NF-e sent',
      'authorised (100)',
      'NF-e authorised/s (measured)',
      'simulator CPU ms per NF-e',
      'PostgreSQL CPU ms per NF-e',
      'client CPU ms per NF-e',
      `CPU-bound ceiling on ${cores} cores (NF-e/s)`,
      'simulator / PostgreSQL / client CPU (cores)',
    ],
    result.rows.map((r) => [
      r.name,
      String(r.documents),
      String(r.authorised),
      f(r.perSecond, 0),
      f(r.simulatorMsPerDoc),
      f(r.pgMsPerDoc),
      f((r.clientCores * r.seconds * 1000) / r.authorised),
      f((cores * 1000) / cpuMsPerDoc(r), 0),
      `${f(r.simulatorCores)} / ${f(r.pgCores)} / ${f(r.clientCores)}`,
    ]),
  );
  const load = result.loadavg?.start?.[0];
  const loaded =
    Number.isFinite(load) && Number.isFinite(cores) && load > cores
      ? `\n\nThe load average was ${load.toFixed(1)} on ${cores} cores during this run (other work shared the machine), so the measured rate is mostly the share of CPU the three processes were given, not what they can do: together they used well under one core. The CPU per NF-e is the figure that carries over; the ceiling column divides the machine's cores by it (simulator + PostgreSQL + client), i.e. the rate once the CPU, not the scheduler, is the limit.`
      : '';
  return rows + loaded;
}
