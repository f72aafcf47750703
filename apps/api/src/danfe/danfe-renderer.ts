import { Worker } from 'node:worker_threads';

import type { DanfeErrorCode, DanfeOptions } from '@emissor/danfe';

import type { DanfeErrorData, RenderReply, RenderRequest } from './danfe-thread.js';

/** Renders DANFE PDFs away from the event loop. */
export interface DanfeRenderer {
  render(xml: string, options: DanfeOptions): Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * A render that failed inside the thread, with what the thread's error carried: its class name,
 * and for a `DanfeError` its code and field path. (Rebuilding @emissor/danfe's own class here would
 * load pdfkit into the main thread, which the renderer spares every process that prints no DANFE.)
 */
export class DanfeRenderFailure extends Error {
  override name = 'DanfeRenderFailure';
  /** `DanfeError` for input @emissor/danfe refused; any other name is a bug. */
  readonly errorName: string;
  readonly code: DanfeErrorCode | undefined;
  readonly path: string | undefined;

  constructor(data: DanfeErrorData) {
    super(data.message);
    this.errorName = data.name;
    this.code = data.code as DanfeErrorCode | undefined;
    this.path = data.path;
  }
}

const THREAD_FILE = new URL('./danfe-thread.js', import.meta.url);

interface Pending {
  resolve: (pdf: Uint8Array) => void;
  reject: (error: Error) => void;
}

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
    const worker = new Worker(THREAD_FILE);
    worker.unref();
    const current = { worker, pending: new Map<number, Pending>() };
    worker.on('message', (reply: RenderReply) => {
      const pending = current.pending.get(reply.id);
      if (!pending) return;
      current.pending.delete(reply.id);
      if ('pdf' in reply) pending.resolve(reply.pdf);
      else pending.reject(new DanfeRenderFailure(reply.error));
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
        const request: RenderRequest = { id, xml, options };
        target.worker.postMessage(request);
      });
    },
    async close() {
      closed = true;
      await thread?.worker.terminate();
    },
  };
}
