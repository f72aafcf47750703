/** Pending parts are joined into one flat chunk once they reach this many characters. */
const CHUNK_LENGTH = 32 * 1024;

/**
 * Builds a long text — the document body, about 1 MB for 990 items — as a short rope of flat chunks.
 *
 * Parts wait until some 32K characters are pending and are then joined into one chunk, so they (and
 * the strings they were made of) die young. The chunks are concatenated, not joined: one flat 1 MB
 * string is a large-object allocation whose fresh pages cost more than the copy (about a millisecond
 * per document), and it would be copied again anyway — `PreparedNfe.render` concatenates the body
 * into the finished NFe text, which its consumer flattens once when it digests or sends it. Chunks
 * below V8's large-object size (128 KB) stay in ordinary, reused pages.
 */
export class ChunkedText {
  #pending: string[] = [];
  #pendingLength = 0;
  #text = '';

  add(part: string): void {
    this.#pending.push(part);
    this.#pendingLength += part.length;
    if (this.#pendingLength >= CHUNK_LENGTH) this.#flush();
  }

  finish(): string {
    this.#flush();
    return this.#text;
  }

  #flush(): void {
    if (this.#pending.length === 0) return;
    this.#text += this.#pending.join('');
    this.#pending = [];
    this.#pendingLength = 0;
  }
}
