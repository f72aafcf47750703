/** Escapes text content for an element: `&`, `<`, `>`. Messages carry no attributes with user data. */
export function escapeXmlText(value: string): string {
  return value.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** `<name>escaped value</name>`. */
export function element(name: string, value: string): string {
  return `<${name}>${escapeXmlText(value)}</${name}>`;
}

/** Drops a leading XML declaration (and the whitespace after it): messages embed documents. */
export function withoutXmlDeclaration(xml: string): string {
  return xml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, '');
}
