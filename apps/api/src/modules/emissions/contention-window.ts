/**
 * Series where this process recently lost to another (a claim lost, a key or number used
 * meanwhile): for `windowMs` they go the locked way, where contending processes queue on the row
 * lock instead of signing numbers twice.
 */
export class ContentionWindow {
  readonly #until = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  mark(seriesId: string): void {
    this.#until.set(seriesId, this.now() + this.windowMs);
  }

  has(seriesId: string): boolean {
    const until = this.#until.get(seriesId);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.#until.delete(seriesId);
    return false;
  }
}
