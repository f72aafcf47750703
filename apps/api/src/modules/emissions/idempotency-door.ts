/**
 * The one place where requests with the same idempotency key meet inside a process: keyed by
 * (product, key), so two products' keys never interact. While one request with a key is being
 * answered, the next with that key waits for it and then goes through the door itself, where it
 * finds the stored document (a replay, or a reuse for other data) or, if the first failed, emits.
 * Behind the door the engine never sees two jobs with one key; other processes are settled by the
 * unique (product, key) index.
 */
export interface IdempotencyDoor {
  pass<T>(productId: string, key: string, answer: () => Promise<T>): Promise<T>;
}

export function createIdempotencyDoor(): IdempotencyDoor {
  const inside = new Map<string, Promise<void>>();
  return {
    async pass(productId, key, answer) {
      const id = JSON.stringify([productId, key]);
      for (let ahead = inside.get(id); ahead; ahead = inside.get(id)) await ahead;
      let leave = () => {};
      inside.set(id, new Promise<void>((resolve) => (leave = resolve)));
      try {
        return await answer();
      } finally {
        inside.delete(id);
        leave();
      }
    },
  };
}
