export { repoRoot, sharedDir, sharedPath } from './shared-dir.js';
