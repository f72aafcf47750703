import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * Whether this process's requests are queueing. Background work (transmission to SEFAZ) asks
 * before taking more: while answers are slow, every millisecond of CPU or database spent on the
 * background is taken from them, so the background keeps only a trickle and takes the rest back
 * as soon as answers are quick again. Documents wait in a queue without harm; clients do not.
 */
export interface RequestPressure {
  /**
   * The requests answered during a sample took `slowAboveMs` or more on average, and they have
   * not been quick since (under it for `calmSamples` samples in a row).
   */
  saturated: () => boolean;
  /** Follows one request to its end (the server's `request` event). */
  track: (request: IncomingMessage, response: ServerResponse) => void;
  stop: () => void;
}

export interface RequestPressureOptions {
  /** Mean answer time at or above which requests count as queueing. */
  slowAboveMs: number;
  /** Length of one sample. */
  sampleMs: number;
  /** Quick samples in a row that end a saturation. */
  calmSamples: number;
  /** Told when the state changes (a gauge). */
  onChange?: (saturated: boolean) => void;
}

/**
 * Averages the answer time of the requests that ended in each sample. The answer time, not the
 * event loop's utilisation: the loop is as busy at a rate the process keeps up with as at one it
 * does not, while the answer time grows only when requests wait. A request that asked to wait
 * for SEFAZ (`Prefer: wait`) is left out: it is slow by choice, and yielding would make it slower.
 */
export function createRequestPressure(options: RequestPressureOptions): RequestPressure {
  let ended = 0;
  let answerMs = 0;
  let inFlight = 0;
  let openSinceSum = 0;
  let saturated = false;
  let calm = 0;

  const sample = () => {
    // A sample in which nothing ended is judged by how long the open requests have waited.
    const meanMs =
      ended > 0 ? answerMs / ended : inFlight > 0 ? performance.now() - openSinceSum / inFlight : 0;
    ended = 0;
    answerMs = 0;
    if (!saturated) return meanMs >= options.slowAboveMs;
    // Ending a saturation at the first quick sample would let the background take everything
    // back at once and slow the next answers again: it ends after a calm stretch.
    calm = meanMs < options.slowAboveMs ? calm + 1 : 0;
    return calm < options.calmSamples;
  };
  const timer = setInterval(() => {
    const next = sample();
    if (next !== saturated) {
      saturated = next;
      calm = 0;
      options.onChange?.(saturated);
    }
  }, options.sampleMs);
  timer.unref();

  return {
    saturated: () => saturated,
    track: (request, response) => {
      if (request.headers.prefer?.includes('wait')) return;
      const start = performance.now();
      inFlight += 1;
      openSinceSum += start;
      response.once('close', () => {
        inFlight -= 1;
        openSinceSum -= start;
        ended += 1;
        answerMs += performance.now() - start;
      });
    },
    stop: () => clearInterval(timer),
  };
}

/** Follows every request `server` receives. */
export function watchRequests(server: Server, pressure: RequestPressure): void {
  server.on('request', pressure.track);
}
