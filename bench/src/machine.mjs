// The machine a run happened on.
import { execFileSync } from 'node:child_process';
import { cpus, totalmem, availableParallelism } from 'node:os';

let cached;
export function machineInfo() {
  if (cached) return cached;
  let model = cpus()[0]?.model ?? '?';
  try {
    const lscpu = execFileSync('lscpu', { encoding: 'utf8' });
    model = /Model name:\s*(.+)/.exec(lscpu)?.[1]?.trim() ?? model;
  } catch {
    /* lscpu missing: keep os.cpus() */
  }
  let kernel = '?';
  try {
    kernel = execFileSync('uname', ['-sr'], { encoding: 'utf8' }).trim();
  } catch {
    /* ignore */
  }
  cached = {
    cpuModel: model,
    cores: availableParallelism(),
    ramGiB: +(totalmem() / 2 ** 30).toFixed(1),
    node: process.version,
    kernel,
    postgres: null, // filled in by the stack when a database is used
  };
  return cached;
}
