/** Where the client reads the time and how it waits. */
export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
  sleep(ms: number): Promise<void>;
}
