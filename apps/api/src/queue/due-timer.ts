/** Instants are rounded up to this, so retries due close together share one wake-up. */
const ROUND_MS = 50;
/** Instants remembered at most (beyond, the poll still finds the work). */
const MAX_DUES = 1_000;

/**
 * The instants at which work this process stored becomes due again (retries, receipt polls):
 * one timer for the soonest, re-armed for the next, so due work does not wait for the idle poll.
 */
export class DueTimer {
  readonly #dues = new Set<number>();
  #wake: { at: number; timer: NodeJS.Timeout } | undefined;
  #stopped = false;
  readonly #onDue: () => void;

  constructor(onDue: () => void) {
    this.#onDue = onDue;
  }

  /** Calls `onDue` in `ms` (rounded up to 50 ms), unless stopped meanwhile. */
  after(ms: number): void {
    if (this.#stopped) return;
    if (this.#dues.size < MAX_DUES)
      this.#dues.add(Math.ceil((Date.now() + ms) / ROUND_MS) * ROUND_MS);
    this.#arm();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#wake) clearTimeout(this.#wake.timer);
    this.#wake = undefined;
  }

  #arm(): void {
    if (this.#stopped || this.#dues.size === 0) return;
    const next = Math.min(...this.#dues);
    if (this.#wake?.at === next) return;
    if (this.#wake) clearTimeout(this.#wake.timer);
    const timer = setTimeout(
      () => {
        this.#wake = undefined;
        for (const due of this.#dues) if (due <= Date.now() + 5) this.#dues.delete(due);
        this.#onDue();
        this.#arm();
      },
      Math.max(0, next - Date.now()) + 5,
    );
    timer.unref();
    this.#wake = { at: next, timer };
  }
}
