/**
 * Exchanges with SEFAZ a process may start now. While its requests queue (`saturated`) only
 * `concurrencyWhileSaturated` may be in flight, never fewer than one being allowed, so
 * transmission slows down but never stops; the documents wait in the queue, stored and safe,
 * while the answers to POST /v1/emissoes do not wait for them.
 */
export function freeExchanges(state: {
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
