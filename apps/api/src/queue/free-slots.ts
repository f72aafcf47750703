/**
 * Attempts a process may start now. While its requests queue (`saturated`) only
 * `concurrencyWhileSaturated` may be in flight, never fewer than one being allowed, so the work
 * slows down but never stops; it waits in the queue, stored and safe, while the answers to the
 * requests do not wait for it.
 */
export function freeSlots(state: {
  concurrency: number;
  concurrencyWhileSaturated: number;
  saturated: boolean;
  inFlight: number;
}): number {
  const limit = state.saturated
    ? Math.min(Math.max(1, state.concurrencyWhileSaturated), state.concurrency)
    : state.concurrency;
  return Math.max(0, limit - state.inFlight);
}
