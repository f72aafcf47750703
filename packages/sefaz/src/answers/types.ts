/*
 * Typed answers of the six services. Field names are the XML names so that they can be looked up
 * in the manual; every value is the text SEFAZ sent (cStat is a string: NT 2025.002 allows four
 * digits). `xml` fields hold the element as a standalone document for nfeProc & co.
 */

/** `protNFe`: the authorisation (or rejection or denial) of one NF-e. */
export interface ProtNFe {
  readonly versao: string;
  readonly tpAmb: string;
  readonly verAplic: string;
  readonly chNFe: string;
  readonly dhRecbto: string;
  /** Absent when rejected. */
  readonly nProt?: string;
  /** The NF-e's DigestValue as SEFAZ computed it. */
  readonly digVal?: string;
  readonly cStat: string;
  readonly xMotivo: string;
  readonly cMsg?: string;
  readonly xMsg?: string;
  readonly xml: string;
}

/** `retEnviNFe`: synchronous (`protNFe`) or asynchronous (`recibo`) answer to a lot. */
export interface RetEnviNFe {
  readonly kind: 'retEnviNFe';
  readonly versao: string;
  readonly tpAmb: string;
  readonly verAplic: string;
  readonly cStat: string;
  readonly xMotivo: string;
  readonly cUF?: string;
  readonly dhRecbto?: string;
  readonly recibo?: { readonly nRec: string; readonly tMed?: number };
  readonly protNFe?: ProtNFe;
}

/** `retConsReciNFe`: the result of an asynchronous lot. */
export interface RetConsReciNFe {
  readonly kind: 'retConsReciNFe';
  readonly versao: string;
  readonly tpAmb: string;
  readonly verAplic: string;
  readonly nRec?: string;
  readonly cStat: string;
  readonly xMotivo: string;
  readonly cUF?: string;
  readonly dhRecbto?: string;
  readonly cMsg?: string;
  readonly xMsg?: string;
  readonly protNFe: readonly ProtNFe[];
}

/** `retEvento`: the registration (or rejection) of one event. */
export interface RetEvento {
  readonly versao: string;
  readonly Id?: string;
  readonly tpAmb: string;
  readonly verAplic: string;
  readonly cOrgao?: string;
  readonly cStat: string;
  readonly xMotivo: string;
  readonly chNFe?: string;
  readonly tpEvento?: string;
  readonly xEvento?: string;
  readonly nSeqEvento?: string;
  readonly dhRegEvento?: string;
  readonly nProt?: string;
  readonly xml: string;
}

/** An event as SEFAZ stored it (`procEventoNFe` inside `retConsSitNFe`). */
export interface ProcEventoNFe {
  readonly versao: string;
  readonly tpEvento?: string;
  readonly chNFe?: string;
  readonly nSeqEvento?: string;
  readonly dhEvento?: string;
  readonly retEvento?: RetEvento;
  readonly xml: string;
}

/** `retConsSitNFe`: what SEFAZ knows of a chave. */
export interface RetConsSitNFe {
  readonly kind: 'retConsSitNFe';
  readonly versao: string;
  readonly tpAmb: string;
  readonly verAplic: string;
  readonly cStat: string;
  readonly xMotivo: string;
  readonly cUF?: string;
  readonly dhRecbto?: string;
  readonly chNFe?: string;
  readonly protNFe?: ProtNFe;
  readonly procEventoNFe: readonly ProcEventoNFe[];
}

/** `retConsStatServ`: whether the service is up. */
export interface RetConsStatServ {
  readonly kind: 'retConsStatServ';
  readonly versao: string;
  readonly tpAmb: string;
  readonly verAplic: string;
  readonly cStat: string;
  readonly xMotivo: string;
  readonly cUF?: string;
  readonly dhRecbto?: string;
  /** Average answer time of the last 5 minutes, seconds. */
  readonly tMed?: number;
  readonly dhRetorno?: string;
  readonly xObs?: string;
}

/** `retEnvEvento`: the lot's status and one `retEvento` per event. */
export interface RetEnvEvento {
  readonly kind: 'retEnvEvento';
  readonly versao: string;
  /** Empty when SEFAZ sent `<idLote />` (PI/Serpro, SVRS lot rejections). */
  readonly idLote: string;
  readonly tpAmb: string;
  readonly verAplic: string;
  readonly cOrgao?: string;
  readonly cStat: string;
  readonly xMotivo: string;
  readonly retEvento: readonly RetEvento[];
}

/** `retInutNFe`: the outcome of an inutilização. */
export interface RetInutNFe {
  readonly kind: 'retInutNFe';
  readonly versao: string;
  readonly Id?: string;
  readonly tpAmb: string;
  readonly verAplic: string;
  readonly cStat: string;
  readonly xMotivo: string;
  readonly cUF?: string;
  readonly ano?: string;
  readonly CNPJ?: string;
  readonly mod?: string;
  readonly serie?: string;
  readonly nNFIni?: string;
  readonly nNFFin?: string;
  readonly dhRecbto?: string;
  readonly nProt?: string;
  readonly xml: string;
}

export type SefazAnswer =
  RetEnviNFe | RetConsReciNFe | RetConsSitNFe | RetConsStatServ | RetEnvEvento | RetInutNFe;

export type SefazAnswerKind = SefazAnswer['kind'];
