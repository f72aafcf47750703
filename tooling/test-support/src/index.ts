export { repoRoot, sharedDir, sharedPath } from './shared-dir.js';
export { generateTestPfx } from './certificates.js';
export type { CnpjLocation, TestPfx, TestPfxOptions } from './certificates.js';
export { referenceSignNfe, referenceVerifyNfe } from './reference-xmldsig.js';
