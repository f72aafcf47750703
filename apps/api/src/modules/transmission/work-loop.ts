import type { Logger } from '../../http/logger.js';

export interface WorkLoopOptions<Item> {
  /** Items this process keeps in flight. */
  concurrency: number;
  /** Idle look for work other processes queued. */
  pollMs: number;
  /** Claims up to `limit` items (each leased to this process until its attempt is stored). */
  claim(limit: number): Promise<Item[]>;
  /** One attempt for one item, its result stored; a rejection is logged. */
  run(item: Item): Promise<void>;
}

export interface WorkLoop {
  /** Work was queued by this process: look now rather than at the next poll. */
  poke(): void;
  /** Stops claiming and waits for the attempts in flight (their results are stored). */
  stop(): Promise<void>;
}

/**
 * The loop that serves a PostgreSQL work queue in one process: claim as many items as there is
 * room for, run each, claim again when one ends, and look every `pollMs` for work queued by other
 * processes. Claims use row locks with SKIP LOCKED, so any number of processes share a queue.
 */
export function startWorkLoop<Item>(options: WorkLoopOptions<Item>, logger: Logger): WorkLoop {
  let inFlight = 0;
  let stopped = false;
  let looking = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const idle = new Set<() => void>();

  const look = async () => {
    if (looking) {
      again = true;
      return;
    }
    looking = true;
    try {
      do {
        again = false;
        const room = options.concurrency - inFlight;
        if (stopped || room <= 0) break;
        const claimed = await options.claim(room);
        for (const item of claimed) {
          inFlight += 1;
          void options
            .run(item)
            .catch((error: unknown) => logger.error({ err: error }, 'storing an attempt failed'))
            .finally(() => {
              inFlight -= 1;
              if (inFlight === 0) for (const resolve of idle) resolve();
              void look();
            });
        }
        if (claimed.length === room) again = true;
      } while (again);
    } catch (error) {
      logger.error({ err: error }, 'claiming work failed');
    } finally {
      looking = false;
    }
  };

  const tick = () => {
    if (stopped) return;
    void look().finally(() => {
      if (!stopped) timer = setTimeout(tick, options.pollMs);
    });
  };
  tick();

  return {
    poke() {
      if (!stopped) void look();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (inFlight > 0) await new Promise<void>((resolve) => idle.add(resolve));
    },
  };
}
