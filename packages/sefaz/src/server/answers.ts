import { NFE_NAMESPACE } from '../namespaces.js';
import { element, withoutXmlDeclaration } from '../xml/escape.js';

/*
 * The answers an authoriser sends, for servers such as the simulator: each builder writes its
 * elements in the order of the official response schema (sefaz.md §1.3), with text escaped.
 * Values are the caller's (protocol numbers, instants with offset, verAplic): no clock here.
 */

const optional = (name: string, value: string | number | undefined): string =>
  value === undefined ? '' : element(name, String(value));

const idAttribute = (id: string | undefined): string => (id ? ` Id="${id}"` : '');

/** What every answer starts with. */
export interface AnswerStatus {
  /** `1` production, `2` homologação. */
  readonly tpAmb: string;
  readonly verAplic: string;
  readonly cStat: string;
  readonly xMotivo: string;
}

export interface ProtNFeFields extends AnswerStatus {
  readonly chNFe: string;
  readonly dhRecbto: string;
  /** Only when authorised or denied. */
  readonly nProt?: string;
  /** The NF-e's DigestValue. */
  readonly digVal?: string;
  /** `ID` + nProt, when the answer is signed; usually absent. */
  readonly Id?: string;
}

/** `protNFe` 4.00, standalone (own xmlns): embed it in answers and in `nfeProc`. */
export function buildProtNFe(p: ProtNFeFields): string {
  return (
    `<protNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><infProt${idAttribute(p.Id)}>` +
    `${element('tpAmb', p.tpAmb)}${element('verAplic', p.verAplic)}${element('chNFe', p.chNFe)}` +
    `${element('dhRecbto', p.dhRecbto)}${optional('nProt', p.nProt)}${optional('digVal', p.digVal)}` +
    `${element('cStat', p.cStat)}${element('xMotivo', p.xMotivo)}</infProt></protNFe>`
  );
}

export interface LotAnswerFields extends AnswerStatus {
  readonly cUF: string;
  readonly dhRecbto: string;
}

const head = (a: LotAnswerFields): string =>
  `${element('tpAmb', a.tpAmb)}${element('verAplic', a.verAplic)}${element('cStat', a.cStat)}` +
  `${element('xMotivo', a.xMotivo)}${element('cUF', a.cUF)}${element('dhRecbto', a.dhRecbto)}`;

/** `retEnviNFe` 4.00: a recibo (async, 103) or the protNFe (sync, 104); neither for a lot rejection. */
export function buildRetEnviNFe(
  a: LotAnswerFields & {
    readonly recibo?: { readonly nRec: string; readonly tMed: number };
    readonly protNFe?: string;
  },
): string {
  const result = a.recibo
    ? `<infRec>${element('nRec', a.recibo.nRec)}${element('tMed', String(a.recibo.tMed))}</infRec>`
    : a.protNFe
      ? withoutXmlDeclaration(a.protNFe)
      : '';
  return `<retEnviNFe xmlns="${NFE_NAMESPACE}" versao="4.00">${head(a)}${result}</retEnviNFe>`;
}

/** `retConsReciNFe` 4.00 with 0–50 protNFe. */
export function buildRetConsReciNFe(
  a: LotAnswerFields & { readonly nRec: string; readonly protNFe: readonly string[] },
): string {
  return (
    `<retConsReciNFe xmlns="${NFE_NAMESPACE}" versao="4.00">${element('tpAmb', a.tpAmb)}` +
    `${element('verAplic', a.verAplic)}${element('nRec', a.nRec)}${element('cStat', a.cStat)}` +
    `${element('xMotivo', a.xMotivo)}${element('cUF', a.cUF)}${element('dhRecbto', a.dhRecbto)}` +
    `${a.protNFe.map(withoutXmlDeclaration).join('')}</retConsReciNFe>`
  );
}

/** `retConsSitNFe` 4.00: the protNFe (kept after a cancellation) and the registered events. */
export function buildRetConsSitNFe(
  a: LotAnswerFields & {
    readonly chNFe: string;
    readonly protNFe?: string;
    /** `procEventoNFe` documents (`buildProcEventoNFe`). */
    readonly procEventoNFe?: readonly string[];
  },
): string {
  return (
    `<retConsSitNFe xmlns="${NFE_NAMESPACE}" versao="4.00">${head(a)}${element('chNFe', a.chNFe)}` +
    `${a.protNFe ? withoutXmlDeclaration(a.protNFe) : ''}` +
    `${(a.procEventoNFe ?? []).map(withoutXmlDeclaration).join('')}</retConsSitNFe>`
  );
}

/** `retConsStatServ` 4.00. */
export function buildRetConsStatServ(
  a: LotAnswerFields & {
    readonly tMed?: number;
    readonly dhRetorno?: string;
    readonly xObs?: string;
  },
): string {
  return (
    `<retConsStatServ xmlns="${NFE_NAMESPACE}" versao="4.00">${head(a)}${optional('tMed', a.tMed)}` +
    `${optional('dhRetorno', a.dhRetorno)}${optional('xObs', a.xObs)}</retConsStatServ>`
  );
}

export interface RetEventoFields extends AnswerStatus {
  readonly cOrgao: string;
  readonly chNFe?: string;
  readonly tpEvento?: string;
  readonly xEvento?: string;
  readonly nSeqEvento?: string;
  /** `-01:00`…`-04:00` offsets only in the cancel and CC-e packs. */
  readonly dhRegEvento: string;
  readonly nProt?: string;
  /** `ID` + nProt, when signed. */
  readonly Id?: string;
}

/** `retEvento` 1.00, standalone (own xmlns): embed it in `retEnvEvento` and `procEventoNFe`. */
export function buildRetEvento(r: RetEventoFields): string {
  return (
    `<retEvento xmlns="${NFE_NAMESPACE}" versao="1.00"><infEvento${idAttribute(r.Id)}>` +
    `${element('tpAmb', r.tpAmb)}${element('verAplic', r.verAplic)}${element('cOrgao', r.cOrgao)}` +
    `${element('cStat', r.cStat)}${element('xMotivo', r.xMotivo)}${optional('chNFe', r.chNFe)}` +
    `${optional('tpEvento', r.tpEvento)}${optional('xEvento', r.xEvento)}` +
    `${optional('nSeqEvento', r.nSeqEvento)}${element('dhRegEvento', r.dhRegEvento)}` +
    `${optional('nProt', r.nProt)}</infEvento></retEvento>`
  );
}

/** `retEnvEvento` 1.00 with 0–20 `retEvento`. */
export function buildRetEnvEvento(
  a: AnswerStatus & {
    readonly idLote: string;
    readonly cOrgao: string;
    readonly retEvento: readonly string[];
  },
): string {
  return (
    `<retEnvEvento xmlns="${NFE_NAMESPACE}" versao="1.00">${element('idLote', a.idLote)}` +
    `${element('tpAmb', a.tpAmb)}${element('verAplic', a.verAplic)}${element('cOrgao', a.cOrgao)}` +
    `${element('cStat', a.cStat)}${element('xMotivo', a.xMotivo)}` +
    `${a.retEvento.map(withoutXmlDeclaration).join('')}</retEnvEvento>`
  );
}

/** `retInutNFe` 4.00; the range fields echo the request when it was read. */
export function buildRetInutNFe(
  a: AnswerStatus & {
    readonly cUF: string;
    readonly ano?: string;
    readonly CNPJ?: string;
    readonly mod?: string;
    readonly serie?: string;
    readonly nNFIni?: string;
    readonly nNFFin?: string;
    readonly dhRecbto: string;
    readonly nProt?: string;
    readonly Id?: string;
  },
): string {
  return (
    `<retInutNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><infInut${idAttribute(a.Id)}>` +
    `${element('tpAmb', a.tpAmb)}${element('verAplic', a.verAplic)}${element('cStat', a.cStat)}` +
    `${element('xMotivo', a.xMotivo)}${element('cUF', a.cUF)}${optional('ano', a.ano)}` +
    `${optional('CNPJ', a.CNPJ)}${optional('mod', a.mod)}${optional('serie', a.serie)}` +
    `${optional('nNFIni', a.nNFIni)}${optional('nNFFin', a.nNFFin)}${element('dhRecbto', a.dhRecbto)}` +
    `${optional('nProt', a.nProt)}</infInut></retInutNFe>`
  );
}
