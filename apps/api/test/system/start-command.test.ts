import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { repoRoot } from '../../src/paths.js';
import { createProductWithCli } from '../helpers/api-process.js';
import { freePort } from '../helpers/global-postgres.js';
import { holdRequest } from '../helpers/held-request.js';

/** Parent pid and state of a live process, from /proc (undefined once it is gone or reaped). */
function procStat(pid: number): { ppid: number; state: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so split after the last ')'.
    const [state = '', ppid = '0'] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(ppid), state };
  } catch {
    return undefined;
  }
}

/** A zombie has exited; only its parent's bookkeeping is left. */
const alive = (pid: number) => {
  const stat = procStat(pid);
  return stat !== undefined && stat.state !== 'Z';
};

function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}

const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
};

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

const dataDir = mkdtempSync(join(tmpdir(), 'emissor-start-'));
// As root the embedded server runs as the `postgres` user, which must be able to enter the folder.
chmodSync(dataDir, 0o755);
// Every process the tests started or saw `npm start` start, across tests: one that failed may
// leave an API and its PostgreSQL behind while the next one runs.
const startedPids = new Set<number>();
let spawnedPids: number[] = [];
afterAll(() => {
  // Only on a failure is anything left: end what the tests started, by pid.
  for (const pid of startedPids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** What `npm start` (`npmPid`) has started by now, remembered for the clean-up. */
function jobProcesses(npmPid: number): number[] {
  const pids = descendants(npmPid);
  for (const pid of pids) startedPids.add(pid);
  return pids;
}

/**
 * `npm start -- --no-build` as a user's shell runs it (`detached`: as a job of its own process
 * group), with everything it prints.
 */
function npmStart(
  port: number,
  databasePort: number,
  {
    detached = false,
    env: extraEnv = {},
  }: { detached?: boolean; env?: Record<string, string> } = {},
) {
  // A user's shell: no npm_* variables from the runner, no DATABASE_URL (the embedded database).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'DATABASE_URL'),
  );
  const npm = spawn('npm', ['start', '--', '--no-build'], {
    cwd: repoRoot,
    env: {
      ...env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_POSTGRES_PORT: String(databasePort),
      EMISSOR_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  startedPids.add(npm.pid!);
  let output = '';
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { pid: npm.pid!, output: () => output };
}

async function ready(port: number) {
  return until(async () => {
    try {
      return (await fetch(`http://127.0.0.1:${port}/v1/health/ready`)).status === 200;
    } catch {
      return false;
    }
  }, 120_000);
}

describe.skipIf(!existsSync('/proc/self/stat'))('npm start', () => {
  it('stops the API and the embedded PostgreSQL on SIGTERM to the npm process', async () => {
    const [port, databasePort] = [await freePort(), await freePort()];
    const npm = npmStart(port, databasePort);
    const npmPid = npm.pid;

    expect(await ready(port), npm.output()).toBe(true);

    spawnedPids = jobProcesses(npmPid);
    const apiPid = spawnedPids.find((pid) => cmdline(pid).includes('apps/api/dist/main.js'));
    const postmasterPid = join(dataDir, 'postgres', 'postmaster.pid');
    const postgresPid = Number(readFileSync(postmasterPid, 'utf8').split('\n')[0]);
    expect(apiPid, npm.output()).toBeDefined();
    expect(spawnedPids).toContain(postgresPid);

    process.kill(npmPid, 'SIGTERM');
    const allGone = await until(() => ![npmPid, ...spawnedPids].some(alive), 30_000);
    expect(
      allGone,
      `still running: ${[npmPid, ...spawnedPids].filter(alive).map(cmdline).join('\n')}`,
    ).toBe(true);
    // PostgreSQL removes its pid file only on a clean shutdown.
    expect(existsSync(postmasterPid)).toBe(false);
    expect(await portFree(port)).toBe(true);
    expect(await portFree(databasePort)).toBe(true);
    expect(npm.output()).toContain('shutting down');
    // The hint the start log gives is the README's command, with the pinned pnpm.
    const { packageManager } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      packageManager: string;
    };
    const hint = `npx ${packageManager} admin product create --name demo --json`;
    expect(npm.output()).toContain(hint);
    expect(readFileSync(join(repoRoot, 'README.md'), 'utf8')).toContain(hint);
  }, 180_000);

  it('drains on Ctrl-C before the embedded PostgreSQL stops, though the terminal signals every process of the job', async () => {
    const [port, databasePort] = [await freePort(), await freePort()];
    // A job of its own process group, as a shell runs a foreground command: Ctrl-C is SIGINT to
    // every process in that group.
    const npm = npmStart(port, databasePort, { detached: true });
    const npmPid = npm.pid;
    expect(await ready(port), npm.output()).toBe(true);
    spawnedPids = jobProcesses(npmPid);

    const apiKey = await createProductWithCli({
      NODE_ENV: 'development',
      EMISSOR_DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(databasePort),
    });
    const held = await holdRequest(
      `http://127.0.0.1:${port}/v1/series`,
      { 'x-api-key': apiKey, 'content-type': 'application/json' },
      JSON.stringify({ tenant_ref: 't', branch_ref: 'b', serie: 1, next_number: 1 }),
    );
    process.kill(-npmPid, 'SIGINT');
    expect(await until(() => npm.output().includes('shutting down'), 10_000), npm.output()).toBe(
      true,
    );
    // Long enough for a PostgreSQL that got the SIGINT itself to have stopped (a fast shutdown).
    await new Promise((r) => setTimeout(r, 1_500));

    const { status, text } = await held.release();
    expect(status, `${text}\n${npm.output()}`).toBe(201);
    const allGone = await until(() => ![npmPid, ...spawnedPids].some(alive), 30_000);
    expect(
      allGone,
      `still running: ${[npmPid, ...spawnedPids].filter(alive).map(cmdline).join('\n')}`,
    ).toBe(true);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(npm.output()).not.toContain('terminating connection');
  }, 180_000);

  // A short drain for the two tests below, which time it; the margin covers stopping PostgreSQL.
  const SHUTDOWN_TIMEOUT_MS = 3_000;
  const STOP_MARGIN_MS = 7_000;

  /** Every process `npm start` started, gone within the drain and its margin after `killedAt`. */
  async function expectAllStopped(pids: number[], killedAt: number, output: () => string) {
    const left = SHUTDOWN_TIMEOUT_MS + STOP_MARGIN_MS - (Date.now() - killedAt);
    const allGone = await until(() => !pids.some(alive), left);
    expect(
      allGone,
      `still running: ${pids.filter(alive).map(cmdline).join('\n')}\n${output()}`,
    ).toBe(true);
  }

  it('drains and stops when its whole job is killed with SIGKILL, which no process of it can pass on', async () => {
    const [port, databasePort] = [await freePort(), await freePort()];
    const npm = npmStart(port, databasePort, {
      detached: true,
      env: { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) },
    });
    expect(await ready(port), npm.output()).toBe(true);
    spawnedPids = jobProcesses(npm.pid);
    const postmasterPid = join(dataDir, 'postgres', 'postmaster.pid');
    const postgresPid = Number(readFileSync(postmasterPid, 'utf8').split('\n')[0]);

    const apiKey = await createProductWithCli({
      NODE_ENV: 'development',
      EMISSOR_DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(databasePort),
    });
    const held = await holdRequest(
      `http://127.0.0.1:${port}/v1/series`,
      { 'x-api-key': apiKey, 'content-type': 'application/json' },
      JSON.stringify({ tenant_ref: 't', branch_ref: 'b', serie: 1, next_number: 1 }),
    );
    // npm, its shell and scripts/start.mjs end at once; the API runs in a group of its own.
    process.kill(-npm.pid, 'SIGKILL');
    const killedAt = Date.now();
    expect(await until(() => npm.output().includes('shutting down'), 5_000), npm.output()).toBe(
      true,
    );
    expect(npm.output()).toContain('"launcher":"exited"');
    // A drain, not a stop: the request in flight still gets its database.
    await new Promise((r) => setTimeout(r, 1_000));
    const { status, text } = await held.release();
    expect(status, `${text}\n${npm.output()}`).toBe(201);

    await expectAllStopped(spawnedPids, killedAt, npm.output);
    expect(spawnedPids).toContain(postgresPid);
    expect(existsSync(postmasterPid)).toBe(false);
    expect(await portFree(port)).toBe(true);
    expect(await portFree(databasePort)).toBe(true);
  }, 180_000);

  it('with API_WORKERS > 1, the primary drains its workers and stops when the job is killed with SIGKILL', async () => {
    const [port, databasePort] = [await freePort(), await freePort()];
    const npm = npmStart(port, databasePort, {
      detached: true,
      env: { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), API_WORKERS: '2' },
    });
    expect(await ready(port), npm.output()).toBe(true);
    spawnedPids = jobProcesses(npm.pid);
    const workers = spawnedPids.filter((pid) => cmdline(pid).includes('apps/api/dist/main.js'));
    expect(workers.length, npm.output()).toBe(3); // the primary and two workers
    const postmasterPid = join(dataDir, 'postgres', 'postmaster.pid');

    process.kill(-npm.pid, 'SIGKILL');
    const killedAt = Date.now();
    await expectAllStopped(spawnedPids, killedAt, npm.output);
    expect(npm.output()).toContain('shutting down workers');
    expect(npm.output()).not.toContain('worker died');
    expect(existsSync(postmasterPid)).toBe(false);
    expect(await portFree(port)).toBe(true);
    expect(await portFree(databasePort)).toBe(true);
  }, 180_000);
});
