const AMP = 38;
const LT = 60;
const GT = 62;
const CR = 13;
const SPECIAL = /[&<>\r]/;

/** The C14N text-node entity for a character code, or `undefined` when it is written as is. */
function entity(code: number): string | undefined {
  // `>` is the highest special code: letters, the bulk of any text, are decided by one comparison.
  if (code > GT) return undefined;
  if (code === AMP) return '&amp;';
  if (code === LT) return '&lt;';
  if (code === GT) return '&gt;';
  if (code === CR) return '&#xD;';
  return undefined;
}

/**
 * Escapes character data exactly as Canonical XML 1.0 writes it (C14N §2.3, "text nodes"):
 * `&` → `&amp;`, `<` → `&lt;`, `>` → `&gt;`, CR → `&#xD;`. The builder's output is then already
 * canonical, so the signer can digest its bytes as they are.
 *
 * The regex test is the fastest way to find that there is nothing to escape (most text); text that
 * has something is then rebuilt in one scan, where four `replace` passes cost about three times more
 * (a 990-item document escapes ~4000 texts).
 */
export function escapeText(text: string): string {
  if (!SPECIAL.test(text)) return text;
  let out = '';
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const replacement = entity(text.charCodeAt(i));
    if (replacement !== undefined) {
      out += text.slice(copied, i) + replacement;
      copied = i + 1;
    }
  }
  return out + text.slice(copied);
}

/** `<name>text</name>` with the text escaped; never self-closing (C14N writes start and end tags). */
export function element(name: string, text: string): string {
  return `<${name}>${escapeText(text)}</${name}>`;
}
