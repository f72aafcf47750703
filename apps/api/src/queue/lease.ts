/**
 * How long a claimed row stays invisible to other claims: twice the call timeout and ten seconds
 * more, so an attempt that still runs when its lease ends has already timed out, and whoever
 * claims the row next never works beside it.
 */
export function leaseMs(callTimeoutMs: number): number {
  return callTimeoutMs * 2 + 10_000;
}
