import type { DocumentRow } from '../../db/schema.js';
import type { FinalStatusSignal } from '../transmission/final-status-signal.js';

/**
 * Answers `Prefer: wait=N`: the document as soon as it leaves `processando`, or as it is after
 * N seconds. The wait is registered before the read, so a status stored in between still wakes it;
 * without transmission (`signal` undefined) nothing is ever `processando` and it reads once.
 */
export async function readWhenFinal(
  signal: FinalStatusSignal | undefined,
  documentId: string,
  waitSeconds: number,
  read: () => Promise<DocumentRow | undefined>,
): Promise<DocumentRow | undefined> {
  if (!signal) return read();
  const wait = signal.waitFor(documentId, waitSeconds * 1000);
  try {
    const row = await read();
    if (!row || row.status !== 'processando') return row;
    await wait.done;
    return read();
  } finally {
    wait.cancel();
  }
}
