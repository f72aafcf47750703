import fc from 'fast-check';

/*
 * Damage done to a signed document for property tests: a cut of up to 39 characters anywhere,
 * with up to 8 printable ASCII characters spliced in its place, and the spans of the document a
 * test asks about ("did the damage stay inside this text?").
 */

export interface Mangle {
  /** The cut is `[from, to)` of the original (`to` may pass its end). */
  readonly from: number;
  readonly to: number;
  readonly insert: string;
  readonly mangled: string;
}

/** `[start, end)` of a stretch of the original document. */
export type Span = readonly [number, number];

/** Cuts and splices of `xml`, the identity left out. */
export function mangleOf(xml: string): fc.Arbitrary<Mangle> {
  return fc
    .tuple(fc.nat(), fc.nat(), fc.string({ maxLength: 8 }))
    .map(([a, b, insert]) => {
      const from = a % xml.length;
      const to = from + (b % 40);
      return {
        from,
        to,
        insert,
        mangled: xml.slice(0, from) + insert + xml.slice(to),
        // What a failing property prints: the damage in its context, not the whole document.
        [fc.toStringMethod]: () =>
          `at ${from}: …${JSON.stringify(xml.slice(Math.max(0, from - 30), from))} ` +
          `cut ${JSON.stringify(xml.slice(from, to))} spliced ${JSON.stringify(insert)} ` +
          `${JSON.stringify(xml.slice(to, to + 30))}…`,
      };
    })
    .filter((m) => m.mangled !== xml);
}

/** Whether the mangle cut and spliced only inside `span` (its ends included). */
export function within(span: Span, m: Mangle): boolean {
  return span[0] <= m.from && m.to <= span[1];
}

/** The span of the text content of the first `<name>` (which must hold only text). */
export function contentSpan(xml: string, name: string): Span {
  const open = xml.indexOf(`<${name}>`);
  if (open < 0) throw new Error(`no <${name}> in the document`);
  const start = open + name.length + 2;
  return [start, xml.indexOf('<', start)];
}

/** Every text node and double-quoted attribute value in `xml[from, to)`. */
export function valueSpans(xml: string, from: number, to: number): Span[] {
  const spans: Span[] = [];
  const values = />([^<]+)<|="([^"]*)"/g;
  values.lastIndex = from;
  for (let m = values.exec(xml); m && m.index < to; m = values.exec(xml)) {
    const start = m.index + (m[1] === undefined ? 2 : 1);
    spans.push([start, start + (m[1] ?? m[2] ?? '').length]);
  }
  return spans;
}
