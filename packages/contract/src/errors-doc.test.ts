import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { renderErrorCatalogue } from './errors-doc.js';
import { ErrorCodeSchema } from './schemas/errors.js';

const committed = new URL('../../../docs/errors.md', import.meta.url);

/** Table padding is the only change `prettier --write .` makes; it is not staleness. */
const normalize = (markdown: string) =>
  markdown.replace(/[ \t]*\|[ \t]*/g, '|').replace(/\|-{3,}(?=\|)/g, '|---');

describe('docs/errors.md', () => {
  it('is up to date with ERROR_CODE_DESCRIPTIONS (run `pnpm docs:errors` to refresh it)', () => {
    expect(normalize(readFileSync(committed, 'utf8'))).toBe(normalize(renderErrorCatalogue()));
  });

  it('lists every error code once, with its status', () => {
    const text = renderErrorCatalogue();
    for (const code of ErrorCodeSchema.options) {
      expect(text.match(new RegExp(`\\| \\d{3} \\| \`${code}\` \\|`, 'g')), code).toHaveLength(1);
    }
  });
});
