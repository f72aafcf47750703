// Paths and NF-e-shaped XML shared by the parts. The emission requests come from
// @emissor/test-support, as the tests' do.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export const REPO = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');
const SAMPLE =
  '/work/shared/nfe-samples/43180906929383000163550010000000261000010301-procNFe.compact-derived.xml';
const NFE_NS = 'http://www.portalfiscal.inf.br/nfe';

/**
 * Fallback when @emissor/nfe-xml cannot build yet: the real SEFAZ-RS homologação NF-e 4.00 from
 * the shared samples, its <NFe> taken out of the nfeProc, its Signature removed, and its one <det>
 * repeated `items` times (nItem renumbered). Same shape and size per item as a real document.
 */
export function sampleNfeXml(items) {
  if (!existsSync(SAMPLE)) throw new Error(`sample not found: ${SAMPLE}`);
  const proc = readFileSync(SAMPLE, 'utf8');
  const start = proc.indexOf('<NFe>');
  const end = proc.indexOf('</NFe>') + '</NFe>'.length;
  let nfe = proc.slice(start, end).replace(/<Signature[\s\S]*?<\/Signature>/, '');
  nfe = nfe.replace('<NFe>', `<NFe xmlns="${NFE_NS}">`);
  const detStart = nfe.indexOf('<det nItem="1">');
  const detEnd = nfe.lastIndexOf('</det>') + '</det>'.length;
  const det = nfe.slice(detStart, detEnd);
  const dets = Array.from({ length: items }, (_, i) =>
    det.replace('<det nItem="1">', `<det nItem="${i + 1}">`),
  ).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>${nfe.slice(0, detStart)}${dets}${nfe.slice(detEnd)}`;
}

export function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

export const resultsDir = join(REPO, 'bench', 'results');
