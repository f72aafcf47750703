// `@emissor/nfe-xml/primitives`: text forms shared with the contract. Nothing here imports
// anything, so the client can carry these files with the contract it bundles.
export { canonicalDecimalText, scanDecimalText } from './decimal-text.js';
export type { DecimalTextParts } from './decimal-text.js';
