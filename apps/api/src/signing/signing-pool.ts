import { Worker } from 'node:worker_threads';

import type { SigningCredentials } from '@emissor/signer';

import {
  CredentialsBook,
  errorFromData,
  signVerifyAndPack,
  SIGNING_THREAD,
  type SignReply,
  type SignRequest,
} from './signing-thread.js';

/**
 * Signs NF-e and verifies each signature before handing it out (docs/api-rules.md: sign, verify,
 * insert), packed for storage (src/storage/xml-packing.js).
 */
export interface SigningPool {
  signAndPack(xml: string, credentials: SigningCredentials): Promise<Uint8Array>;
  close(): Promise<void>;
}

interface Pending {
  resolve: (packed: Uint8Array) => void;
  reject: (error: Error) => void;
}

interface SigningThread {
  worker: Worker;
  pending: Map<number, Pending>;
  /** What the thread's own book holds (the same calls in the same order keep the two equal). */
  held: CredentialsBook<true>;
  /** Requests of the current turn, posted together once it ends (empty: nothing to post). */
  outbox: SignRequest[];
}

const THREAD_FILE = new URL('./signing-thread.js', import.meta.url);

/**
 * RSA signing, canonicalisation and verification are the CPU-heavy part of an emission (about
 * 1.5 ms of a 10-item one, 15 ms of a 990-item one). With `threads` > 0 they run on that many
 * worker threads (signing-thread.js), so one process uses a second core while its event loop keeps
 * serving HTTP and PostgreSQL; one process also never races itself for series numbers, as cluster
 * workers do. Each credentials object gets a number; its KeyObject and certificate are cloned into
 * a thread with the first document it signs there, and later documents carry only the number
 * (CredentialsBook in signing-thread.js). The documents asked for in one turn of the event loop
 * (an optimistic batch signs all of its documents at once) travel to a thread as one message and
 * come back as one: each message costs a wake-up of the receiving thread and a system call, which
 * per document was the event loop's largest cost after PostgreSQL's writes (bench/results/comparisons.md
 * §7). Errors come back with their class and code, per document. A thread
 * that dies fails its pending documents and is replaced by one that holds nothing. With
 * `threads` = 0 everything runs on the calling thread, through the same signVerifyAndPack.
 */
export function createSigningPool(threads: number): SigningPool {
  if (threads === 0) return inProcessSigning;

  let nextId = 0;
  let closing = false;
  // Numbers for credentials objects (the credentials cache hands out one per certificate); a
  // WeakMap, so credentials the cache dropped are not kept alive here.
  const credentialsRefs = new WeakMap<SigningCredentials, number>();
  let nextCredentialsRef = 0;
  const refOf = (credentials: SigningCredentials) => {
    let ref = credentialsRefs.get(credentials);
    if (ref === undefined) credentialsRefs.set(credentials, (ref = ++nextCredentialsRef));
    return ref;
  };
  const pool: SigningThread[] = [];

  const start = (slot: number) => {
    const worker = new Worker(THREAD_FILE, { workerData: SIGNING_THREAD });
    const thread: SigningThread = {
      worker,
      pending: new Map(),
      held: new CredentialsBook<true>(),
      outbox: [],
    };
    // Idle threads must not keep the process alive; close() ends them on shutdown.
    worker.unref();
    worker.on('message', (replies: SignReply[]) => {
      for (const reply of replies) {
        const pending = thread.pending.get(reply.id);
        if (!pending) continue;
        thread.pending.delete(reply.id);
        if ('packed' in reply) pending.resolve(reply.packed);
        else pending.reject(errorFromData(reply.error));
      }
    });
    const fail = (error: Error) => {
      for (const pending of thread.pending.values()) pending.reject(error);
      thread.pending.clear();
      if (!closing && pool[slot] === thread) start(slot);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`signing thread exited with code ${code}`)));
    pool[slot] = thread;
  };
  for (let slot = 0; slot < threads; slot++) start(slot);

  /** The thread with the fewest documents waiting (ties: the first). */
  const leastBusy = () =>
    pool.reduce((best, thread) => (thread.pending.size < best.pending.size ? thread : best));

  /**
   * Posts what a thread was asked for this turn. The pool's book already counts the credentials
   * in it as held; if the message cannot go, the thread is ended, which fails its pending
   * documents and starts a new thread with an empty book (the `exit` handler above).
   */
  const post = (thread: SigningThread) => {
    const batch = thread.outbox;
    thread.outbox = [];
    try {
      thread.worker.postMessage(batch);
    } catch (error) {
      for (const { id } of batch) thread.pending.get(id)?.reject(error as Error);
      void thread.worker.terminate();
    }
  };

  return {
    signAndPack(xml, credentials) {
      if (closing) return Promise.reject(new Error('signing pool is closed'));
      const thread = leastBusy();
      const id = ++nextId;
      const credentialsRef = refOf(credentials);
      const held = thread.held.use(credentialsRef) !== undefined;
      const request: SignRequest = held
        ? { id, xml, credentialsRef }
        : {
            id,
            xml,
            credentialsRef,
            credentials: {
              privateKey: credentials.privateKey,
              certificateBase64: credentials.certificateBase64,
            },
          };
      // Booked now, in the order the requests are made: the thread reads them in that order.
      if (!held) thread.held.hold(credentialsRef, true);
      return new Promise<Uint8Array>((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        if (thread.outbox.push(request) === 1) queueMicrotask(() => post(thread));
      });
    },
    async close() {
      closing = true;
      await Promise.all(pool.map((thread) => thread.worker.terminate()));
    },
  };
}

const inProcessSigning: SigningPool = {
  signAndPack(xml, credentials) {
    try {
      return Promise.resolve(signVerifyAndPack(xml, credentials));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  },
  close: () => Promise.resolve(),
};
