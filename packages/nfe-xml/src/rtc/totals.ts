import { addDecimals, type Decimal, formatDecimal, ZERO } from '../decimal.js';
import type { RtcGIbsCbs, RtcIbsCbs, RtcIbsCbsTot, RtcItem, XmlDecimal } from './document.js';
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

/** total/IBSCBSTot from the items' gIBSCBS groups only (no monophase, reversal or presumed credit). */
export function sumIbsCbsTotals(groups: readonly RtcGIbsCbs[]): RtcIbsCbsTot {
  return sumIbsCbsGroups(groups.map((g) => ({ CST: '000', cClassTrib: '000001', gIBSCBS: g })));
}

/**
 * total/IBSCBSTot from the items' IBSCBS groups: vBCIBSCBS and the gIBS/gCBS sums from gIBSCBS,
 * vCredPres/vCredPresCondSus from gCredPresOper, gMono (when some item is monophase) from
 * gIBSCBSMono, gEstornoCred (when some item reverses credit) from gEstornoCred.
 */
export function sumIbsCbsGroups(items: readonly RtcIbsCbs[]): RtcIbsCbsTot {
  const of = (pick: (g: RtcGIbsCbs) => XmlDecimal | undefined) =>
    sum(items.map((item) => (item.gIBSCBS ? pick(item.gIBSCBS) : undefined)));
  const all = (pick: (item: RtcIbsCbs) => XmlDecimal | undefined) => sum(items.map(pick));
  const ibsCredit = (item: RtcIbsCbs) => item.gCredPresOper?.gIBSCredPres;
  const cbsCredit = (item: RtcIbsCbs) => item.gCredPresOper?.gCBSCredPres;
  const mono = items.some((item) => item.gIBSCBSMono !== undefined);
  const reversal = items.some((item) => item.gEstornoCred !== undefined);
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
      vCredPres: all((item) => ibsCredit(item)?.vCredPres),
      vCredPresCondSus: all((item) => ibsCredit(item)?.vCredPresCondSus),
    },
    gCBS: {
      vDif: of((g) => g.gCBS.deferral?.vDif),
      vDevTrib: of((g) => g.gCBS.vDevTrib),
      vCBS: of((g) => g.gCBS.value),
      vCredPres: all((item) => cbsCredit(item)?.vCredPres),
      vCredPresCondSus: all((item) => cbsCredit(item)?.vCredPresCondSus),
    },
    ...(mono
      ? {
          gMono: {
            vIBSMono: all((item) => item.gIBSCBSMono?.gMonoPadrao?.vIBS),
            vCBSMono: all((item) => item.gIBSCBSMono?.gMonoPadrao?.vCBS),
            vIBSMonoReten: all((item) => item.gIBSCBSMono?.gMonoReten?.vIBS),
            vCBSMonoReten: all((item) => item.gIBSCBSMono?.gMonoReten?.vCBS),
            vIBSMonoRet: all((item) => item.gIBSCBSMono?.gMonoRet?.vIBS),
            vCBSMonoRet: all((item) => item.gIBSCBSMono?.gMonoRet?.vCBS),
          },
        }
      : {}),
    ...(reversal
      ? {
          gEstornoCred: {
            vIBSEstCred: all((item) => item.gEstornoCred?.vIBSEstCred),
            vCBSEstCred: all((item) => item.gEstornoCred?.vCBSEstCred),
          },
        }
      : {}),
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
