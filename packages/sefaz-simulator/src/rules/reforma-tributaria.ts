import { checkRtcDocument, readRtcDocument } from '@emissor/nfe-xml';

import type { XmlElement } from '../xml/dom.js';
import { text } from '../xml/dom.js';
import type { NfeView } from './nfe-view.js';
import { rejection, type Rejection } from './rejection.js';

/** TS_xMotivo allows 255 characters. */
const MAX_MOTIVO = 255;

/**
 * IBS, CBS and IS (NT 2025.002): the same mechanical rules Emissor's API applies before it signs,
 * from `@emissor/nfe-xml`'s rule module, so the local SEFAZ rejects what SEFAZ rejects and a
 * document built elsewhere is judged by the authoriser's rules, not by Emissor's builder. The
 * rates of the test years are checked for dhEmi's year, and a competApur against its month, as
 * the authoriser does. A document
 * without these groups has nothing to check.
 */
export function checkReformaTributaria(nfe: NfeView): Rejection | undefined {
  // Most documents carry none of the groups: skip reading them again.
  if (!hasReformaElement(nfe.infNFe)) return undefined;
  const dhEmi = text(nfe.ide, 'dhEmi') ?? '';
  const year = Number(dhEmi.slice(0, 4));
  const period = /^\d{4}-\d{2}/.test(dhEmi) ? dhEmi.slice(0, 7) : undefined;
  // infNFe as already read: no second parse, and names are matched without their prefix.
  const [first] = checkRtcDocument(readRtcDocument(nfe.infNFe), {
    ...(Number.isInteger(year) ? { year } : {}),
    ...(period ? { period } : {}),
  });
  if (!first) return undefined;
  const where = first.item === undefined ? first.field : `item ${first.item + 1}, ${first.field}`;
  const motivo = `Rejeição: ${first.message} (${first.rule}, ${where})`;
  return rejection(String(first.cStat ?? 999), motivo.slice(0, MAX_MOTIVO));
}

/** Element names that only documents of the reforma tributária carry (any name with IBSCBS in it). */
const REFORMA_ONLY = new Set(['IS', 'vItem', 'vNFTot']);

/** Whether any element below `element` belongs to the reforma tributária's groups, by local name. */
function hasReformaElement(element: XmlElement): boolean {
  return element.children.some(
    (c) => c.localName.includes('IBSCBS') || REFORMA_ONLY.has(c.localName) || hasReformaElement(c),
  );
}
