/**
 * Escapes an attribute value as Canonical XML 1.0 writes it (C14N §2.3, attribute nodes): `&`, `<`
 * and `"` become references; `>` stays. TString forbids the whitespace controls C14N would also
 * escape, so the layout's attributes need no more.
 */
export function escapeAttribute(value: string): string {
  if (!/[&<"]/.test(value)) return value;
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}
