import { escapeText } from '../xml-escape.js';
import type { RtcIbsCbs, RtcIbsCbsTot, RtcIs, RtcSphere, XmlDecimal } from './document.js';

/*
 * The IBS/CBS/IS groups as XML, in the order of the PL_010b XSD (DFeTiposBasicos_v1.00.xsd: TTribNFe,
 * TCIBS, TIS, TIBSCBSMonoTot). Every required element is written, zeros included (a missing zero
 * rate was a schema error in a peer, DFe.NET #1668).
 */

function sphereXml(tag: string, rateTag: string, valueTag: string, s: RtcSphere): string {
  return (
    `<${tag}><${rateTag}>${s.rate}</${rateTag}>` +
    (s.deferral
      ? `<gDif><pDif>${s.deferral.pDif}</pDif><vDif>${s.deferral.vDif}</vDif></gDif>`
      : '') +
    (s.vDevTrib !== undefined ? `<gDevTrib><vDevTrib>${s.vDevTrib}</vDevTrib></gDevTrib>` : '') +
    (s.reduction
      ? `<gRed><pRedAliq>${s.reduction.pRedAliq}</pRedAliq><pAliqEfet>${s.reduction.pAliqEfet}</pAliqEfet></gRed>`
      : '') +
    `<${valueTag}>${s.value}</${valueTag}></${tag}>`
  );
}

/** det/imposto/IBSCBS. */
export function ibsCbsXml(group: RtcIbsCbs): string {
  const g = group.gIBSCBS;
  const body = g
    ? `<gIBSCBS><vBC>${g.vBC}</vBC>` +
      sphereXml('gIBSUF', 'pIBSUF', 'vIBSUF', g.gIBSUF) +
      sphereXml('gIBSMun', 'pIBSMun', 'vIBSMun', g.gIBSMun) +
      `<vIBS>${g.vIBS}</vIBS>` +
      sphereXml('gCBS', 'pCBS', 'vCBS', g.gCBS) +
      '</gIBSCBS>'
    : '';
  return `<IBSCBS><CST>${group.CST}</CST><cClassTrib>${group.cClassTrib}</cClassTrib>${body}</IBSCBS>`;
}

/** det/imposto/IS. */
export function isXml(is: RtcIs): string {
  let values = '';
  if (is.vIS !== undefined) {
    values =
      `<vBCIS>${is.vBCIS ?? ''}</vBCIS><pIS>${is.pIS ?? ''}</pIS>` +
      (is.pISEspec !== undefined ? `<pISEspec>${is.pISEspec}</pISEspec>` : '') +
      (is.uTrib !== undefined && is.qTrib !== undefined
        ? `<uTrib>${escapeText(is.uTrib)}</uTrib><qTrib>${is.qTrib}</qTrib>`
        : '') +
      `<vIS>${is.vIS}</vIS>`;
  }
  return `<IS><CSTIS>${is.CSTIS}</CSTIS><cClassTribIS>${is.cClassTribIS}</cClassTribIS>${values}</IS>`;
}

/** total/ISTot, total/IBSCBSTot and total/vNFTot, each when given, in the layout's order. */
export function rtcTotalsXml(
  ibsCbs: RtcIbsCbsTot | undefined,
  vIS: XmlDecimal | undefined,
  vNFTot: XmlDecimal | undefined,
): string {
  let xml = vIS !== undefined ? `<ISTot><vIS>${vIS}</vIS></ISTot>` : '';
  if (ibsCbs) {
    const i = ibsCbs.gIBS;
    const c = ibsCbs.gCBS;
    xml +=
      `<IBSCBSTot><vBCIBSCBS>${ibsCbs.vBCIBSCBS}</vBCIBSCBS>` +
      (i
        ? `<gIBS><gIBSUF><vDif>${i.gIBSUF.vDif}</vDif><vDevTrib>${i.gIBSUF.vDevTrib}</vDevTrib><vIBSUF>${i.gIBSUF.vIBSUF}</vIBSUF></gIBSUF>` +
          `<gIBSMun><vDif>${i.gIBSMun.vDif}</vDif><vDevTrib>${i.gIBSMun.vDevTrib}</vDevTrib><vIBSMun>${i.gIBSMun.vIBSMun}</vIBSMun></gIBSMun>` +
          `<vIBS>${i.vIBS}</vIBS><vCredPres>${i.vCredPres}</vCredPres><vCredPresCondSus>${i.vCredPresCondSus}</vCredPresCondSus></gIBS>`
        : '') +
      (c
        ? `<gCBS><vDif>${c.vDif}</vDif><vDevTrib>${c.vDevTrib}</vDevTrib><vCBS>${c.vCBS}</vCBS>` +
          `<vCredPres>${c.vCredPres}</vCredPres><vCredPresCondSus>${c.vCredPresCondSus}</vCredPresCondSus></gCBS>`
        : '') +
      '</IBSCBSTot>';
  }
  if (vNFTot !== undefined) xml += `<vNFTot>${vNFTot}</vNFTot>`;
  return xml;
}
