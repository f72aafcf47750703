import type { FinalStatusSignal } from '../transmission/final-status-signal.js';

/**
 * Answers `Prefer: wait=N` for a document, event or inutilização: the record as soon as it leaves
 * `processando`, or as it is after N seconds. The wait is registered before the read, so a status
 * stored in between still wakes it (every final statement notifies the record's id); without
 * transmission (`signal` undefined) nothing is ever `processando` and it reads once.
 */
export async function readWhenFinal<Row extends { status: string }>(
  signal: FinalStatusSignal | undefined,
  id: string,
  waitSeconds: number,
  read: () => Promise<Row | undefined>,
): Promise<Row | undefined> {
  if (!signal) return read();
  const wait = signal.waitFor(id, waitSeconds * 1000);
  try {
    const row = await read();
    if (!row || row.status !== 'processando') return row;
    await wait.done;
    return read();
  } finally {
    wait.cancel();
  }
}
