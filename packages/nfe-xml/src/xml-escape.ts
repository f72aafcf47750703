/**
 * Escapes character data exactly as Canonical XML 1.0 writes it (C14N §2.3, "text nodes"):
 * `&` → `&amp;`, `<` → `&lt;`, `>` → `&gt;`, CR → `&#xD;`. The builder's output is then already
 * canonical, so the signer can digest its bytes as they are.
 */
export function escapeText(text: string): string {
  if (!/[&<>\r]/.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
}

/** `<name>text</name>` with the text escaped; never self-closing (C14N writes start and end tags). */
export function element(name: string, text: string): string {
  return `<${name}>${escapeText(text)}</${name}>`;
}
