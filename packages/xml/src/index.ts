// Strict, pure XML reading for Emissor's packages: a whole document into a light element tree
// (`readXmlTree`), or a walk that finds elements without building one (`DocumentWalk`), both
// refusing what is not well-formed. The scanner's primitives, which the signer's canonicaliser
// builds on, are at `@emissor/xml/scan`.
export { XmlError } from './errors.js';
export type { XmlErrorCode } from './errors.js';
export { readXmlTree } from './read-tree.js';
export { parseElementTree } from './tree.js';
export type { XmlElement } from './tree.js';
export { DocumentWalk, locateElement } from './document-walk.js';
export type { LocatedElement } from './document-walk.js';
export { childNamed, childrenNamed, elementAt, firstElement } from './query.js';
export { isNcName, isQualifiedName } from './name.js';
export { checkStartTag } from './well-formed.js';
export type { NamespaceContext, RawAttribute, StartTag } from './scan.js';
