import type { Logger } from '../logging/logger.js';
import { DueTimer } from './due-timer.js';
import { freeSlots } from './free-slots.js';

/** What a kind of work sees during one round of claims. */
export interface WorkRound<Unit> {
  /** Units this process may start now: 0 once stopping, fewer while its requests saturate it. */
  room(): number;
  /** Starts one unit (an attempt, or an exchange settling several rows); it takes room at once. */
  start(unit: Unit): void;
  /**
   * A look for fresh work only (what `poke` brings) after `ms`, for a kind that gathers fresh
   * rows into batches. One at a time: while one is pending, another is not armed.
   */
  freshLookAfter(ms: number): void;
}

/** A kind of work on the queue (transmission, events, inutilizações): how it claims and runs. */
export interface WorkKind<Unit> {
  /** Names the work in log lines: `transmission`, `fiscal event`… */
  what: string;
  /**
   * One round of claims while there is room: claims due rows and starts their units. `full`: all
   * of the kind's work; otherwise only fresh work (a poke from this process's requests). Resolves
   * true when work may be left that there was no room for.
   */
  claim(round: WorkRound<Unit>, full: boolean): Promise<boolean>;
  /**
   * Runs one unit and stores its result. Resolves to the soonest delay (ms) after which some of
   * its rows are due again, or undefined when every row was settled.
   */
  run(unit: Unit): Promise<number | undefined>;
  /**
   * Look again whenever a unit ends, not only when the last look left work behind: for rows that
   * wait their turn behind the one just settled (a document's events go in order).
   */
  lookWhenDone?: boolean;
}

export interface WorkEngineSettings {
  /** Units this process keeps in flight. */
  concurrency: number;
  /** Units kept in flight while `requestsSaturated` (see freeSlots); default: `concurrency`. */
  concurrencyWhileSaturated?: number;
  /** Whether this process's requests are queueing right now (absent: never). */
  requestsSaturated?: () => boolean;
  /** Idle look for work other processes queued. */
  pollMs: number;
}

export interface WorkEngine {
  /** Work was queued by this process: look now rather than at the next poll. */
  poke(): void;
  /** Stops claiming and waits for the units in flight (their results are stored). */
  stop(): Promise<void>;
}

/** How soon a process that held back because of its requests looks again. */
const SATURATED_RETRY_MS = 100;

/**
 * The loop that serves one kind of work of the PostgreSQL queue in one process. It claims while
 * there is room, runs each unit, and looks again: at once when this process queues work (`poke`),
 * when a retry it stored becomes due (one timer for the soonest), when a unit ends and the last
 * look left work behind, and every `pollMs` for work other processes queued. Claims take row
 * locks with SKIP LOCKED and lease the rows, so any number of processes share the queue, and a
 * process that dies mid-attempt loses nothing: its leases end and the rows are claimed again.
 */
export function startWorkEngine<Unit>(
  kind: WorkKind<Unit>,
  settings: WorkEngineSettings,
  logger: Logger,
): WorkEngine {
  let inFlight = 0;
  let stopped = false;
  let looking = false;
  let again = false;
  let againFull = false;
  /** The last look stopped with work it may not have taken (no room, or a full claim). */
  let heldBack = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let freshTimer: NodeJS.Timeout | undefined;
  const idle = new Set<() => void>();
  const dues = new DueTimer(() => void look());

  const room = () => {
    if (stopped) return 0;
    const saturated = settings.requestsSaturated?.() ?? false;
    const free = freeSlots({
      concurrency: settings.concurrency,
      concurrencyWhileSaturated: settings.concurrencyWhileSaturated ?? settings.concurrency,
      saturated,
      inFlight,
    });
    // Held back for the requests: look again soon rather than at the next idle poll.
    if (saturated && free === 0) dues.after(SATURATED_RETRY_MS);
    return free;
  };

  const start = (unit: Unit) => {
    inFlight += 1;
    void kind
      .run(unit)
      .then((dueInMs) => {
        if (dueInMs !== undefined && !stopped) dues.after(dueInMs);
      })
      .catch((error: unknown) => logger.error({ err: error }, 'storing an attempt failed'))
      .finally(() => {
        inFlight -= 1;
        if (inFlight === 0) for (const resolve of idle) resolve();
        // A freed slot matters only to work the last look had no room for (or that waited its
        // turn behind this unit). Work due later has its timer, new work pokes, other
        // processes' work the poll.
        if (heldBack || kind.lookWhenDone) void look();
      });
  };

  const freshLookAfter = (ms: number) => {
    if (freshTimer || stopped) return;
    freshTimer = setTimeout(() => {
      freshTimer = undefined;
      void look(false);
    }, ms);
    freshTimer.unref();
  };

  const round: WorkRound<Unit> = { room, start, freshLookAfter };

  const look = async (full = true) => {
    if (stopped) return;
    if (looking) {
      again = true;
      againFull ||= full;
      return;
    }
    looking = true;
    // Only a full look sees everything a held-back look left.
    if (full) heldBack = false;
    try {
      let scope = full;
      do {
        again = false;
        againFull = false;
        if (await kind.claim(round, scope)) {
          again = true;
          heldBack = true;
        }
        scope = againFull || scope;
      } while (again && room() > 0);
    } catch (error) {
      logger.error({ err: error }, `claiming ${kind.what} work failed`);
    } finally {
      looking = false;
    }
  };

  const poll = () => {
    if (stopped) return;
    void look().finally(() => {
      if (!stopped) pollTimer = setTimeout(poll, settings.pollMs);
    });
  };
  poll();

  return {
    poke() {
      if (!stopped) void look(false);
    },
    async stop() {
      stopped = true;
      clearTimeout(pollTimer);
      clearTimeout(freshTimer);
      dues.stop();
      if (inFlight > 0) await new Promise<void>((resolve) => idle.add(resolve));
    },
  };
}
