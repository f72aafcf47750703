import pg from 'pg';

import type { Logger } from '../../logging/logger.js';

/** The channel the transmission's final statement notifies with the document id. */
export const FINAL_STATUS_CHANNEL = 'emissor_document_final';

export interface FinalStatusSignal {
  /**
   * Resolves when any process stores a final status for the document, or after `ms`. Register it
   * before reading the document, so a status stored between the read and the wait is not missed.
   */
  waitFor(documentId: string, ms: number): { done: Promise<void>; cancel(): void };
  close(): Promise<void>;
}

/**
 * One LISTEN connection per process serves every waiting request (Prefer: wait=N): PostgreSQL
 * tells it when a document of any process reaches a final status, so nobody polls the database.
 * A lost connection is reopened; the waits it missed end at their deadline and re-read.
 */
export function createFinalStatusSignal(databaseUrl: string, logger: Logger): FinalStatusSignal {
  const waiters = new Map<string, Set<() => void>>();
  let client: pg.Client | undefined;
  let closed = false;

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      const wake = message.payload ? waiters.get(message.payload) : undefined;
      if (wake) for (const resolve of wake) resolve();
    });
    next.on('error', (error) => {
      logger.warn({ err: error }, 'final-status listener lost its connection; reconnecting');
      client = undefined;
      void next.end().catch(() => undefined);
      if (!closed) setTimeout(() => void connect().catch(() => undefined), 1_000).unref();
    });
    await next.connect();
    await next.query(`listen ${FINAL_STATUS_CHANNEL}`);
    if (closed) await next.end();
    else client = next;
  };
  const ready = connect().catch((error: unknown) => {
    logger.warn({ err: error }, 'final-status listener could not connect; waits run to their end');
  });

  return {
    waitFor(documentId, ms) {
      let timer: NodeJS.Timeout | undefined;
      let resolveWait: () => void = () => undefined;
      const done = new Promise<void>((resolve) => {
        resolveWait = resolve;
        let set = waiters.get(documentId);
        if (!set) waiters.set(documentId, (set = new Set()));
        set.add(resolve);
        timer = setTimeout(resolve, ms);
      });
      const cancel = () => {
        clearTimeout(timer);
        const set = waiters.get(documentId);
        set?.delete(resolveWait);
        if (set?.size === 0) waiters.delete(documentId);
        resolveWait();
      };
      void done.then(cancel);
      return { done: ready.then(() => done), cancel };
    },
    async close() {
      closed = true;
      await ready;
      await client?.end().catch(() => undefined);
    },
  };
}
