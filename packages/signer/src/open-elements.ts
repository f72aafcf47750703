import type { NamespaceContext } from '@emissor/xml';

/**
 * The elements the canonicaliser is inside, innermost last, with the namespaces in scope in each.
 * Names are kept as offsets into the input, not as strings, so that opening an element allocates
 * nothing: a large NF-e has tens of thousands of elements, and almost every end tag is the exact
 * `</name>` of the innermost one, which `endOfExactEndTag` checks in place.
 */
export class OpenElements {
  private readonly nameStarts: number[] = [];
  private readonly nameEnds: number[] = [];
  private readonly contexts: NamespaceContext[] = [];
  private size = 0;

  /** `outer` is the context outside every open element (the apex's parent's). */
  constructor(
    private readonly xml: string,
    private readonly outer: NamespaceContext,
  ) {}

  get depth(): number {
    return this.size;
  }

  /** Opens the element whose name is `xml[nameStart, nameEnd)`. Elements without namespace declarations share their parent's context. */
  push(nameStart: number, nameEnd: number, context: NamespaceContext): void {
    this.nameStarts[this.size] = nameStart;
    this.nameEnds[this.size] = nameEnd;
    this.contexts[this.size] = context;
    this.size++;
  }

  pop(): void {
    this.size--;
  }

  /** The namespaces in scope inside the innermost element. */
  context(): NamespaceContext {
    return this.contexts[this.size - 1] ?? this.outer;
  }

  /** The innermost element's name ('' when none is open). */
  name(): string {
    return this.xml.slice(this.nameStarts[this.size - 1] ?? 0, this.nameEnds[this.size - 1] ?? 0);
  }

  /** The index just after the end tag at `i` if it is exactly `</name>` of the innermost element, else -1. */
  endOfExactEndTag(i: number): number {
    const start = this.nameStarts[this.size - 1] ?? 0;
    const length = (this.nameEnds[this.size - 1] ?? 0) - start;
    const xml = this.xml;
    const nameAt = i + 2;
    if (length === 0 || xml.charCodeAt(nameAt + length) !== 0x3e /* > */) return -1;
    for (let k = 0; k < length; k++) {
      if (xml.charCodeAt(nameAt + k) !== xml.charCodeAt(start + k)) return -1;
    }
    return nameAt + length + 1;
  }
}
