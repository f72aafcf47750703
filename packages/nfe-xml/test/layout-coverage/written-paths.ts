/**
 * The element paths under infNFe that carry text in a document the builder wrote
 * (`infNFe/det/prod/vDesc`), list positions dropped: the layout's leaves in the same form.
 */
export function writtenLeafPaths(xml: string): Set<string> {
  const paths = new Set<string>();
  const stack: string[] = [];
  let hadText = false;
  // The builder's output is canonical: no comments, no CDATA, attributes quoted.
  for (const m of xml.matchAll(/<(\/?)([A-Za-z0-9_]+)(?:\s[^>]*)?>|([^<]+)/g)) {
    const [, closing, name, text] = m;
    if (text !== undefined) {
      hadText = true;
      continue;
    }
    if (closing) {
      const at = stack.indexOf('infNFe');
      if (hadText && at >= 0) paths.add(stack.slice(at).join('/'));
      hadText = false;
      stack.pop();
    } else {
      stack.push(name ?? '');
      hadText = false;
    }
  }
  return paths;
}
