import { addDecimals, type Decimal, formatDecimal, ZERO } from '../decimal.js';
import type { RtcGIbsCbs, RtcIbsCbsTot, RtcItem, XmlDecimal } from './document.js';
import { readDecimal } from './read.js';

/*
 * The totals of IBS/CBS/IS as sums of the item values as written (two places each, so the sums are
 * exact; research §4.3: never from unrounded amounts).
 */

function sum(values: Iterable<XmlDecimal | undefined>): XmlDecimal {
  let total: Decimal = ZERO;
  for (const text of values) if (text !== undefined) total = addDecimals(total, readDecimal(text));
  return formatDecimal(total, 2);
}

/** total/IBSCBSTot from the items' gIBSCBS groups; presumed-credit totals are zero (no item group carries them). */
export function sumIbsCbsTotals(groups: readonly RtcGIbsCbs[]): RtcIbsCbsTot {
  const of = (pick: (g: RtcGIbsCbs) => XmlDecimal | undefined) => sum(groups.map(pick));
  return {
    vBCIBSCBS: of((g) => g.vBC),
    gIBS: {
      gIBSUF: {
        vDif: of((g) => g.gIBSUF.deferral?.vDif),
        vDevTrib: of((g) => g.gIBSUF.vDevTrib),
        vIBSUF: of((g) => g.gIBSUF.value),
      },
      gIBSMun: {
        vDif: of((g) => g.gIBSMun.deferral?.vDif),
        vDevTrib: of((g) => g.gIBSMun.vDevTrib),
        vIBSMun: of((g) => g.gIBSMun.value),
      },
      vIBS: of((g) => g.vIBS),
      vCredPres: '0.00',
      vCredPresCondSus: '0.00',
    },
    gCBS: {
      vDif: of((g) => g.gCBS.deferral?.vDif),
      vDevTrib: of((g) => g.gCBS.vDevTrib),
      vCBS: of((g) => g.gCBS.value),
      vCredPres: '0.00',
      vCredPresCondSus: '0.00',
    },
  };
}

/** total/ISTot/vIS: Σ IS/vIS. */
export function sumSelectiveTax(itens: readonly RtcItem[]): XmlDecimal {
  return sum(itens.map((item) => item.IS?.vIS));
}

/** total/vNFTot: Σ vItem of the items with indTot=1 (W60-10). */
export function sumItemTotals(itens: readonly RtcItem[]): XmlDecimal {
  return sum(itens.map((item) => (item.indTot === '0' ? undefined : item.vItem)));
}
