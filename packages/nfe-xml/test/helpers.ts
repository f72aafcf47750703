import {
  canonicalXml,
  NFE_SCHEMA_PACKS,
  sharedDir,
  validateNfeXml,
  withPlaceholderSignature,
} from '@emissor/test-support';
import { expect } from 'vitest';

/** Whether the shared schemas are here; tests that need them skip (with a message) otherwise. */
export const HAVE_SHARED = sharedDir() !== undefined;

/** Schema errors of a built document under both packs (empty = valid under both). */
export function schemaErrors(xml: string): string[] {
  const signed = withPlaceholderSignature(xml);
  return NFE_SCHEMA_PACKS.flatMap((pack) =>
    validateNfeXml(signed, pack).map((e) => `${pack}: ${e}`),
  );
}

/** Asserts validity under both packs and that the bytes are already Canonical XML 1.0. */
export function expectValidCanonical(xml: string): void {
  expect(schemaErrors(xml)).toEqual([]);
  expect(canonicalXml(xml)).toBe(xml);
}

/** Leaf values of a compact XML document, keyed by path (`infNFe/det[1]/prod/qCom`). */
export function leaves(xml: string): Map<string, string> {
  const out = new Map<string, string>();
  const stack: string[] = [];
  const counts: Map<string, number>[] = [new Map()];
  const tag = /<(\/?)([A-Za-z0-9:]+)((?:\s+[^>]*?)?)(\/?)>|([^<]+)/g;
  let text: string | undefined;
  for (const m of xml.matchAll(tag)) {
    if (m[5] !== undefined) {
      text = m[5];
      continue;
    }
    const [, closing, name = '', , selfClosing] = m;
    if (closing) {
      if (text !== undefined) out.set(stack.join('/'), text);
      text = undefined;
      stack.pop();
      counts.pop();
    } else {
      const siblings = counts[counts.length - 1] ?? new Map<string, number>();
      const n = (siblings.get(name) ?? 0) + 1;
      siblings.set(name, n);
      stack.push(n > 1 || name === 'det' ? `${name}[${n}]` : name);
      counts.push(new Map());
      text = undefined;
      if (selfClosing) {
        stack.pop();
        counts.pop();
      }
    }
  }
  return out;
}
