import { child, children, text, type XmlElement } from '../xml/dom.js';
import { abs, cents, scaled } from './decimal.js';
import type { NfeView } from './nfe-view.js';
import { rejection, type Rejection } from './rejection.js';

/*
 * The rules of an item's ICMS group (MOC 7.0 Anexo I group N) that read only the document: the
 * deferral of CST 51 (351, 352), the desoneração (625, 627) and a retained FCP-ST at 0 % (881).
 */

const at = (cStat: string, message: string, det: XmlElement) =>
  rejection(cStat, `Rejeição: ${message} [nItem: ${det.attributes.get('nItem') ?? '?'}]`);

/** `a` (2 decimals) × `b` (4) / 100, rounded half up to cents, as cents (the MOC's footnote *4). */
function percentOf(a: string | undefined, b: string | undefined): bigint {
  const product = cents(a) * scaled(b, 4);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const quotient = (magnitude + 500_000n) / 1_000_000n;
  return negative ? -quotient : quotient;
}

/** The item's ICMS group (ICMS00, ICMS51, ICMSSN500, …). */
function icmsGroup(det: XmlElement): XmlElement | undefined {
  const icms = child(det, 'imposto', 'ICMS');
  return icms ? children(icms)[0] : undefined;
}

/**
 * N16a-10, N16c-10 (CST 51, where the deferral is given): vICMSOp = vBC × pICMS and vICMSDif =
 * vICMSOp × pDif, each within a cent of the product rounded to cents.
 */
function checkDeferral(group: XmlElement, det: XmlElement): Rejection | undefined {
  if (group.localName !== 'ICMS51') return undefined;
  const vICMSOp = text(group, 'vICMSOp');
  if (
    vICMSOp !== undefined &&
    abs(cents(vICMSOp) - percentOf(text(group, 'vBC'), text(group, 'pICMS'))) > 1n
  )
    return at('351', 'Valor do ICMS da Operação no CST=51 difere do produto BC e Alíquota', det);
  const vICMSDif = text(group, 'vICMSDif');
  if (vICMSDif !== undefined && abs(cents(vICMSDif) - percentOf(vICMSOp, text(group, 'pDif'))) > 1n)
    return at(
      '352',
      'Valor do ICMS Diferido no CST=51 difere do produto Valor ICMS Operação e percentual diferimento',
      det,
    );
  return undefined;
}

/** N28-10 (the SUFRAMA registration of a ZFM sale, not on an entry CFOP) and N28-30. */
function checkDesoneracao(nfe: NfeView, group: XmlElement, det: XmlElement): Rejection | undefined {
  const motive = text(group, 'motDesICMS');
  if (motive === undefined) return undefined;
  const entry = /^[12]/.test(text(det, 'prod', 'CFOP') ?? '');
  if (motive === '7' && !entry && !(nfe.dest && child(nfe.dest, 'ISUF')))
    return at('625', 'Inscrição SUFRAMA deve ser informada na venda com isenção para ZFM', det);
  if (cents(text(group, 'vICMSDeson')) <= 0n)
    return at('627', 'O valor do ICMS desonerado deve ser informado', det);
  return undefined;
}

/** 351, 352, 625, 627 and 881 (N27b-10), item by item. */
export function checkIcmsGroups(nfe: NfeView): Rejection | undefined {
  for (const det of nfe.items) {
    const group = icmsGroup(det);
    if (!group) continue;
    const result = checkDeferral(group, det) ?? checkDesoneracao(nfe, group, det);
    if (result) return result;
    const retained = text(group, 'pFCPSTRet');
    if (retained !== undefined && scaled(retained, 4) === 0n)
      return at('881', 'Percentual de FCPST igual a zero', det);
  }
  return undefined;
}
