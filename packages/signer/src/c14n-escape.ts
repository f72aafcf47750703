/* Escaping as Canonical XML 1.0 writes attribute values and character data (section 2.3). */

/** Escapes an attribute value the way C14N 1.0 writes it. */
export function escapeAttributeC14n(value: string): string {
  if (!/[&<"\t\n\r]/.test(value)) return value;
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;')
    .replace(/\n/g, '&#xA;')
    .replace(/\r/g, '&#xD;');
}

/** Escapes character data the way C14N 1.0 writes it. */
export function escapeTextC14n(value: string): string {
  if (!/[&<>\r]/.test(value)) return value;
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#xD;');
}
