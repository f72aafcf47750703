export { repoRoot, sharedDir, sharedPath } from './shared-dir.js';
export { generateTestPfx } from './certificates.js';
export type { CnpjLocation, TestPfx, TestPfxOptions } from './certificates.js';
export { referenceSignNfe, referenceVerifyNfe } from './reference-xmldsig.js';
export {
  NFE_SCHEMA_PACKS,
  canonicalXml,
  disposeNfeValidators,
  nfeSchemaDir,
  validateNfeXml,
} from './xsd.js';
export type { NfeSchemaPack } from './xsd.js';
export { withPlaceholderSignature } from './placeholder-signature.js';
export { wellFormednessErrors } from './well-formed.js';
export { layoutLeaves } from './layout-leaves.js';
export { createDatabase, freePort, startThrowawayPostgres } from './postgres.js';
export type { ThrowawayPostgres } from './postgres.js';
export { opensslPfx, opensslPfxInfo } from './openssl-pfx.js';
export type { PfxEncoding } from './openssl-pfx.js';
export {
  HAVE_PDF_TOOLS,
  count,
  decodeBarcodes,
  imagesPerPage,
  pageAsJpeg,
  pageCount,
  pagesText,
  rawText,
  warnIfPdfToolsMissing,
} from './pdf-tools.js';
export {
  EMITTER_CNPJ,
  emissionRequest,
  regimeNormalItem,
  simplesNacionalItem,
  simplesNacionalRequest,
} from './emission-requests.js';
export type { EmissionRequestOptions, Refs } from './emission-requests.js';
