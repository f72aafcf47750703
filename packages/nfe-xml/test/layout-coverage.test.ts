import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { layoutLeaves, repoRoot, sharedPath } from '@emissor/test-support';

import { HAVE_SHARED } from './helpers.js';
import { coverageDocuments } from './layout-coverage/documents.js';
import { coverageMarkdown, layoutCoverage } from './layout-coverage/report.js';
import { writtenLeafPaths } from './layout-coverage/written-paths.js';

const PACK = 'PL_010b_NT2025_002_v1.30';
const PAGE = join(repoRoot, 'docs/layout-coverage.md');
/** The figure the report may not fall below, in percent: raise it as groups are added. */
const FLOOR = 99.6;

describe.skipIf(!HAVE_SHARED)(`layout coverage of ${PACK}`, () => {
  const leaves = layoutLeaves(sharedPath('nfe-schemas', PACK));
  const written = new Set<string>();
  for (const { xml } of coverageDocuments())
    for (const path of writtenLeafPaths(xml)) written.add(path);
  const coverage = layoutCoverage(leaves, written);
  const page = coverageMarkdown(coverage, PACK);

  it(`writes at least ${FLOOR} % of the leaves`, () => {
    console.log(
      `layout coverage: ${coverage.written} of ${coverage.counted} leaves (${coverage.percent} %)`,
    );
    expect(Number(coverage.percent)).toBeGreaterThanOrEqual(FLOOR);
  });

  it('writes only leaves the layout has (the walk of the XSD and of the XML agree)', () => {
    const known = new Set(leaves);
    expect([...written].filter((path) => !known.has(path))).toEqual([]);
  });

  it('docs/layout-coverage.md is the current report', () => {
    if (process.env.LAYOUT_COVERAGE_WRITE === '1') writeFileSync(PAGE, page);
    expect(existsSync(PAGE) ? readFileSync(PAGE, 'utf8') : '').toBe(page);
  });
});
