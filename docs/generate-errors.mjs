// `pnpm docs:errors`: writes docs/errors.md from the built contract (the root script builds it first).
import { writeFileSync } from 'node:fs';

import { renderErrorCatalogue } from '../packages/contract/dist/errors-doc.js';

const target = new URL('./errors.md', import.meta.url);
writeFileSync(target, renderErrorCatalogue());
console.log(`wrote ${target.pathname}`);
