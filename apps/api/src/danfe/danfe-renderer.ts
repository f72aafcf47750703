import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

import type { DanfeOptions } from '@emissor/danfe';

import { DANFE_THREAD_SOURCE } from './danfe-thread-source.js';

/** Renders DANFE PDFs away from the event loop. */
export interface DanfeRenderer {
  render(xml: string, options: DanfeOptions): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** A render that failed inside the thread, with the `DanfeError` code it carried, if any. */
export class DanfeRenderFailure extends Error {
  override name = 'DanfeRenderFailure';
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

type Reply =
  | { id: number; pdf: Uint8Array }
  | { id: number; error: { name?: string; code?: string; message: string } };

interface Pending {
  resolve: (pdf: Uint8Array) => void;
  reject: (error: Error) => void;
}

const danfeUrl = pathToFileURL(createRequire(import.meta.url).resolve('@emissor/danfe')).href;

/**
 * A DANFE takes ~5 ms at 10 items and ~200 ms at 990: long enough that rendering on the event loop
 * would stall every emission the process is serving. So one thread renders, started on the first
 * request (most processes never print a DANFE) and unreferenced, so it never holds the process
 * open. Requests queue on it in order; a thread that dies fails what it held and the next request
 * starts a new one.
 */
export function createDanfeRenderer(): DanfeRenderer {
  let thread: { worker: Worker; pending: Map<number, Pending> } | undefined;
  let nextId = 0;
  let closed = false;

  const start = () => {
    const worker = new Worker(DANFE_THREAD_SOURCE, { eval: true, workerData: { danfeUrl } });
    worker.unref();
    const current = { worker, pending: new Map<number, Pending>() };
    worker.on('message', (reply: Reply) => {
      const pending = current.pending.get(reply.id);
      if (!pending) return;
      current.pending.delete(reply.id);
      if ('pdf' in reply) pending.resolve(reply.pdf);
      else pending.reject(new DanfeRenderFailure(reply.error.message, reply.error.code));
    });
    const fail = (error: Error) => {
      for (const pending of current.pending.values()) pending.reject(error);
      current.pending.clear();
      if (thread === current) thread = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`DANFE thread exited with code ${code}`)));
    return current;
  };

  return {
    render(xml, options) {
      if (closed) return Promise.reject(new Error('DANFE renderer is closed'));
      thread ??= start();
      const target = thread;
      const id = ++nextId;
      return new Promise<Uint8Array>((resolve, reject) => {
        target.pending.set(id, { resolve, reject });
        target.worker.postMessage({ id, xml, options });
      });
    },
    async close() {
      closed = true;
      await thread?.worker.terminate();
    },
  };
}
