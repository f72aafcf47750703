// The machine's disk writes, for the sustained rows (Linux only; elsewhere every figure is null).
// PostgreSQL's commits wait for their WAL to reach the disk, so a window in which the kernel
// writes back a large amount of page cache at once (it writes a file's dirty pages when its oldest
// is 30 s old) is a window of slow commits whatever the API does (bench/results/series-counter.md).
import { readdirSync, readFileSync } from 'node:fs';

/** Whole disks: not loop devices, RAM disks or device-mapper/md layers over other disks. */
const isDisk = (name) => !/^(loop|ram|zram|dm-|md|sr)/.test(name);

function disks() {
  try {
    return readdirSync('/sys/block').filter(isDisk);
  } catch {
    return [];
  }
}

const DISKS = disks();

/**
 * Cumulative sectors written and milliseconds spent writing over the machine's disks
 * (/sys/block/<disk>/stat fields 7 and 8), and the page cache waiting to be written (Dirty).
 */
export function hostIo() {
  if (DISKS.length === 0) return null;
  try {
    let sectors = 0;
    let writeMs = 0;
    for (const disk of DISKS) {
      const fields = readFileSync(`/sys/block/${disk}/stat`, 'utf8').trim().split(/\s+/);
      sectors += Number(fields[6]);
      writeMs += Number(fields[7]);
    }
    const dirtyKb = Number(/^Dirty:\s+(\d+)/m.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1]);
    return { writtenMb: (sectors * 512) / 1e6, writeMs, dirtyMb: dirtyKb / 1024 };
  } catch {
    return null;
  }
}

/** What the disks did between two `hostIo()` readings. */
export function hostIoBetween(before, after) {
  if (!before || !after) return { diskMb: null, diskWriteMs: null, dirtyMb: null };
  return {
    diskMb: after.writtenMb - before.writtenMb,
    diskWriteMs: after.writeMs - before.writeMs,
    dirtyMb: after.dirtyMb,
  };
}
