import { escapeText } from '../xml-escape.js';
import type {
  RtcCredPres,
  RtcGIbsCbs,
  RtcIbsCbs,
  RtcIbsCbsTot,
  RtcIs,
  RtcMono,
  RtcMonoQuantity,
  RtcSphere,
  XmlDecimal,
} from './document.js';

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

function gIbsCbsXml(g: RtcGIbsCbs): string {
  const r = g.gTribRegular;
  const c = g.gTribCompraGov;
  return (
    `<gIBSCBS><vBC>${g.vBC}</vBC>` +
    sphereXml('gIBSUF', 'pIBSUF', 'vIBSUF', g.gIBSUF) +
    sphereXml('gIBSMun', 'pIBSMun', 'vIBSMun', g.gIBSMun) +
    `<vIBS>${g.vIBS}</vIBS>` +
    sphereXml('gCBS', 'pCBS', 'vCBS', g.gCBS) +
    (r
      ? `<gTribRegular><CSTReg>${r.CSTReg}</CSTReg><cClassTribReg>${r.cClassTribReg}</cClassTribReg>` +
        `<pAliqEfetRegIBSUF>${r.pAliqEfetRegIBSUF}</pAliqEfetRegIBSUF><vTribRegIBSUF>${r.vTribRegIBSUF}</vTribRegIBSUF>` +
        `<pAliqEfetRegIBSMun>${r.pAliqEfetRegIBSMun}</pAliqEfetRegIBSMun><vTribRegIBSMun>${r.vTribRegIBSMun}</vTribRegIBSMun>` +
        `<pAliqEfetRegCBS>${r.pAliqEfetRegCBS}</pAliqEfetRegCBS><vTribRegCBS>${r.vTribRegCBS}</vTribRegCBS></gTribRegular>`
      : '') +
    (c
      ? `<gTribCompraGov><pAliqIBSUF>${c.pAliqIBSUF}</pAliqIBSUF><vTribIBSUF>${c.vTribIBSUF}</vTribIBSUF>` +
        `<pAliqIBSMun>${c.pAliqIBSMun}</pAliqIBSMun><vTribIBSMun>${c.vTribIBSMun}</vTribIBSMun>` +
        `<pAliqCBS>${c.pAliqCBS}</pAliqCBS><vTribCBS>${c.vTribCBS}</vTribCBS></gTribCompraGov>`
      : '') +
    '</gIBSCBS>'
  );
}

/** gMonoPadrao (adRemIBS, adRemCBS, then the values) or gMonoReten/gMonoRet (IBS pair, CBS pair). */
function monoQuantityXml(
  tag: 'gMonoPadrao' | 'gMonoReten' | 'gMonoRet',
  q: RtcMonoQuantity,
): string {
  if (tag === 'gMonoPadrao')
    return (
      `<gMonoPadrao><qBCMono>${q.quantity}</qBCMono><adRemIBS>${q.adRemIBS}</adRemIBS>` +
      `<adRemCBS>${q.adRemCBS}</adRemCBS><vIBSMono>${q.vIBS}</vIBSMono><vCBSMono>${q.vCBS}</vCBSMono></gMonoPadrao>`
    );
  const s = tag === 'gMonoReten' ? 'Reten' : 'Ret';
  return (
    `<${tag}><qBCMono${s}>${q.quantity}</qBCMono${s}><adRemIBS${s}>${q.adRemIBS}</adRemIBS${s}>` +
    `<vIBSMono${s}>${q.vIBS}</vIBSMono${s}><adRemCBS${s}>${q.adRemCBS}</adRemCBS${s}>` +
    `<vCBSMono${s}>${q.vCBS}</vCBSMono${s}></${tag}>`
  );
}

function monoXml(m: RtcMono): string {
  const d = m.gMonoDif;
  return (
    '<gIBSCBSMono>' +
    (m.gMonoPadrao ? monoQuantityXml('gMonoPadrao', m.gMonoPadrao) : '') +
    (m.gMonoReten ? monoQuantityXml('gMonoReten', m.gMonoReten) : '') +
    (m.gMonoRet ? monoQuantityXml('gMonoRet', m.gMonoRet) : '') +
    (d
      ? `<gMonoDif><pDifIBS>${d.pDifIBS}</pDifIBS><vIBSMonoDif>${d.vIBSMonoDif}</vIBSMonoDif>` +
        `<pDifCBS>${d.pDifCBS}</pDifCBS><vCBSMonoDif>${d.vCBSMonoDif}</vCBSMonoDif></gMonoDif>`
      : '') +
    `<vTotIBSMonoItem>${m.vTotIBSMonoItem}</vTotIBSMonoItem><vTotCBSMonoItem>${m.vTotCBSMonoItem}</vTotCBSMonoItem>` +
    '</gIBSCBSMono>'
  );
}

function credPresXml(tag: 'gIBSCredPres' | 'gCBSCredPres', c: RtcCredPres): string {
  const value =
    c.vCredPresCondSus !== undefined
      ? `<vCredPresCondSus>${c.vCredPresCondSus}</vCredPresCondSus>`
      : `<vCredPres>${c.vCredPres ?? ''}</vCredPres>`;
  return `<${tag}><pCredPres>${c.pCredPres}</pCredPres>${value}</${tag}>`;
}

/** The first choice of TTribNFe: gIBSCBS | gIBSCBSMono | gTransfCred | gAjusteCompet (at most one). */
function firstChoiceXml(group: RtcIbsCbs): string {
  if (group.gIBSCBS) return gIbsCbsXml(group.gIBSCBS);
  if (group.gIBSCBSMono) return monoXml(group.gIBSCBSMono);
  const t = group.gTransfCred;
  if (t) return `<gTransfCred><vIBS>${t.vIBS}</vIBS><vCBS>${t.vCBS}</vCBS></gTransfCred>`;
  const a = group.gAjusteCompet;
  if (a)
    return `<gAjusteCompet><competApur>${a.competApur}</competApur><vIBS>${a.vIBS}</vIBS><vCBS>${a.vCBS}</vCBS></gAjusteCompet>`;
  return '';
}

/** The second choice of TTribNFe: gCredPresOper | gCredPresIBSZFM. */
function secondChoiceXml(group: RtcIbsCbs): string {
  const o = group.gCredPresOper;
  if (o)
    return (
      `<gCredPresOper><vBCCredPres>${o.vBCCredPres}</vBCCredPres><cCredPres>${o.cCredPres}</cCredPres>` +
      (o.gIBSCredPres ? credPresXml('gIBSCredPres', o.gIBSCredPres) : '') +
      (o.gCBSCredPres ? credPresXml('gCBSCredPres', o.gCBSCredPres) : '') +
      '</gCredPresOper>'
    );
  const z = group.gCredPresIBSZFM;
  if (z)
    return (
      `<gCredPresIBSZFM><competApur>${z.competApur}</competApur><tpCredPresIBSZFM>${z.tpCredPresIBSZFM}</tpCredPresIBSZFM>` +
      `<vCredPresIBSZFM>${z.vCredPresIBSZFM}</vCredPresIBSZFM></gCredPresIBSZFM>`
    );
  return '';
}

/** det/imposto/IBSCBS: CST, cClassTrib, first choice?, gEstornoCred?, second choice? (TTribNFe). */
export function ibsCbsXml(group: RtcIbsCbs): string {
  const e = group.gEstornoCred;
  return (
    `<IBSCBS><CST>${group.CST}</CST><cClassTrib>${group.cClassTrib}</cClassTrib>` +
    (group.indDoacao ? `<indDoacao>${group.indDoacao}</indDoacao>` : '') +
    firstChoiceXml(group) +
    (e
      ? `<gEstornoCred><vIBSEstCred>${e.vIBSEstCred}</vIBSEstCred><vCBSEstCred>${e.vCBSEstCred}</vCBSEstCred></gEstornoCred>`
      : '') +
    secondChoiceXml(group) +
    '</IBSCBS>'
  );
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
      monoTotalsXml(ibsCbs.gMono) +
      (ibsCbs.gEstornoCred
        ? `<gEstornoCred><vIBSEstCred>${ibsCbs.gEstornoCred.vIBSEstCred}</vIBSEstCred>` +
          `<vCBSEstCred>${ibsCbs.gEstornoCred.vCBSEstCred}</vCBSEstCred></gEstornoCred>`
        : '') +
      '</IBSCBSTot>';
  }
  if (vNFTot !== undefined) xml += `<vNFTot>${vNFTot}</vNFTot>`;
  return xml;
}

function monoTotalsXml(m: RtcIbsCbsTot['gMono']): string {
  if (!m) return '';
  return (
    `<gMono><vIBSMono>${m.vIBSMono}</vIBSMono><vCBSMono>${m.vCBSMono}</vCBSMono>` +
    `<vIBSMonoReten>${m.vIBSMonoReten}</vIBSMonoReten><vCBSMonoReten>${m.vCBSMonoReten}</vCBSMonoReten>` +
    `<vIBSMonoRet>${m.vIBSMonoRet}</vIBSMonoRet><vCBSMonoRet>${m.vCBSMonoRet}</vCBSMonoRet></gMono>`
  );
}
