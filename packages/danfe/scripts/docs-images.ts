/*
 * Renders the DANFE pages shown in the package README (docs/images/danfe-*.png): a 1-item NF-e
 * with the IBS/CBS/IS totals and a logo, the hand-written NF-e with every group the DANFE prints
 * (test/every-group-nfe.ts), and the first two sheets of a 300-item one.
 * Run: pnpm --filter @emissor/danfe docs:images (needs poppler-utils for pdftoppm).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { repoRoot, withPlaceholderSignature } from '@emissor/test-support';

import { renderDanfe } from '../src/index.js';
import { EVERY_GROUP_KEY, EVERY_GROUP_NFE } from '../test/every-group-nfe.js';
import {
  authorised,
  item,
  nfeProc,
  request,
  withAdditionalInfo,
  withBilling,
  withIbsCbs,
  withTransport,
} from '../test/fixtures.js';
import { makePng } from '../test/png.js';

const out = join(repoRoot, 'docs/images');
const work = mkdtempSync(join(tmpdir(), 'danfe-docs-'));

async function png(name: string, pdf: Uint8Array, pages: number[]): Promise<void> {
  const file = join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  for (const page of pages) {
    const prefix = join(work, `${name}-${page}`);
    execFileSync('pdftoppm', [
      '-r',
      '100',
      '-png',
      '-singlefile',
      '-f',
      `${page}`,
      '-l',
      `${page}`,
      file,
      prefix,
    ]);
    const target = pages.length === 1 ? `${name}.png` : `${name}-page-${page}.png`;
    renameSync(`${prefix}.png`, join(out, target));
    console.log(`docs/images/${target}`);
  }
}

try {
  const one = authorised(request(1), (x) =>
    withAdditionalInfo(withIbsCbs(withBilling(withTransport(x), 3)), {
      fisco: 'Documento emitido por ME ou EPP optante pelo Simples Nacional: não.',
      cpl: 'Pedido de compra nº 4521. Entrega no 2º andar, doca 3. Valor aproximado dos tributos: R$ 5,73 (27,3%). Fonte: IBPT.',
    }),
  );
  await png('danfe-1-item', await renderDanfe(one.xml, { logo: makePng(96, true) }), [1]);
  const every = nfeProc(withPlaceholderSignature(EVERY_GROUP_NFE), EVERY_GROUP_KEY);
  await png('danfe-every-group', await renderDanfe(every, { logo: makePng(96, true) }), [1]);
  const many = authorised(
    request(
      Array.from({ length: 300 }, (_, i) =>
        item(
          i + 1,
          (i + 1) % 7 === 0
            ? `CAMISETA ALGODÃO Nº ${i + 1} COM DESCRIÇÃO LONGA QUE OCUPA MAIS DE UMA LINHA NA COLUNA DE DESCRIÇÃO DO DANFE`
            : undefined,
        ),
      ),
    ),
  );
  await png('danfe-300-items', await renderDanfe(many.xml), [1, 2]);
} finally {
  rmSync(work, { recursive: true, force: true });
}
