/*
 * Names as XML 1.0 (fifth edition) and Namespaces in XML 1.0 allow them. The scanner only finds
 * where a name ends; what checks that a document is well-formed asks these.
 */

const START =
  'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const FOLLOWING = `${START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040`;
const NC_NAME = `[${START}][${FOLLOWING}]*`;
const QNAME = new RegExp(`^${NC_NAME}(?::${NC_NAME})?$`, 'u');
const NCNAME = new RegExp(`^${NC_NAME}$`, 'u');

/** For each ASCII character: 1 if it may start a name, 2 if it may only follow, 0 if neither. */
const ASCII_NAME_CHAR = new Uint8Array(128);
for (const [from, to, kind] of [
  [0x41, 0x5a, 1], // A-Z
  [0x61, 0x7a, 1], // a-z
  [0x5f, 0x5f, 1], // _
  [0x30, 0x39, 2], // 0-9
  [0x2d, 0x2e, 2], // - .
] as const) {
  ASCII_NAME_CHAR.fill(kind, from, to + 1);
}

/**
 * Whether `name` is a QName: a name without a colon, or a prefix and a local name joined by one.
 * The names of NF-e and XMLDSig are ASCII and checked in one loop; others go to the full grammar.
 */
export function isQualifiedName(name: string): boolean {
  let partStart = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c >= 0x80) return QNAME.test(name);
    if (c === 0x3a /* : */) {
      if (partStart > 0 || i === 0) return false;
      partStart = i + 1;
      continue;
    }
    const kind = ASCII_NAME_CHAR[c] ?? 0;
    if (kind === 0 || (i === partStart && kind !== 1)) return false;
  }
  return name.length > partStart;
}

/** Whether `name` is an NCName, a name without a colon (as a processing instruction's target must be). */
export function isNcName(name: string): boolean {
  return NCNAME.test(name);
}
