// `@emissor/nfe-xml/primitives`: text forms shared with the contract and the signer. Nothing here
// imports anything, so the client can carry these files with the contract it bundles.
export { CNPJ_PATTERN, NUMERIC_CNPJ_PATTERN } from './cnpj.js';
export { canonicalDecimalText, scanDecimalText } from './decimal-text.js';
export type { DecimalTextParts } from './decimal-text.js';
export { numberToDecimalText, sameDecimalValue } from './decimal-number.js';
