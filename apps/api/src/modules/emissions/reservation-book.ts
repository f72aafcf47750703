import { LAST_NUMBER } from './emission-job.js';

/**
 * The next number this process expects each series counter to hold: the end of its own
 * reservations, or the counter a lost claim saw. Reserving before signing lets a second batch of a
 * series number after the first while the first is still being stored (pipelining).
 */
export class ReservationBook {
  readonly #next = new Map<string, number>();

  /**
   * Reserves `count` consecutive numbers and returns the first: past this book's reservations and
   * past `hint` (a counter read elsewhere, maybe newer). Undefined when the series has no room.
   */
  reserve(seriesId: string, count: number, hint: number): number | undefined {
    const first = Math.max(this.#next.get(seriesId) ?? 0, hint);
    if (first + count - 1 > LAST_NUMBER) return undefined;
    this.#next.set(seriesId, first + count);
    return first;
  }

  /** A batch stored `firstNumber…next - 1`: the counter is at least `next` now. */
  stored(seriesId: string, next: number): void {
    this.#next.set(seriesId, Math.max(this.#next.get(seriesId) ?? 0, next));
  }

  /** A claim lost and saw the counter at `counter` (null: it could not tell). */
  lost(seriesId: string, counter: number | null): void {
    if (counter === null) this.forget(seriesId);
    else this.#next.set(seriesId, counter);
  }

  /** The reserved numbers were not stored, or someone else moved the counter: read it anew. */
  forget(seriesId: string): void {
    this.#next.delete(seriesId);
  }

  /** The number the next reservation would start at, without a hint (for tests and metrics). */
  peek(seriesId: string): number | undefined {
    return this.#next.get(seriesId);
  }
}
