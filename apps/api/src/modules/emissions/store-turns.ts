/**
 * Keeps the stores of one series in the order its numbers were reserved: a batch takes its turn
 * when it reserves (synchronously, before it signs) and stores only after every earlier batch of
 * each of its series has settled, so counters are checked in reservation order.
 */
export class StoreTurns {
  readonly #last = new Map<string, Promise<void>>();

  /** `earlier` settles when the previous batches of these series have; call `done` once this one has. */
  take(seriesIds: Iterable<string>): { earlier: Promise<unknown>; done: () => void } {
    let settle = () => {};
    const mine = new Promise<void>((resolve) => (settle = resolve));
    const earlier: Promise<void>[] = [];
    const ids = [...seriesIds];
    for (const id of ids) {
      const previous = this.#last.get(id);
      if (previous) earlier.push(previous);
      this.#last.set(id, mine);
    }
    return {
      earlier: Promise.all(earlier),
      done: () => {
        settle();
        for (const id of ids) if (this.#last.get(id) === mine) this.#last.delete(id);
      },
    };
  }
}
