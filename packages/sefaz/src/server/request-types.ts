import type { XmlElement } from '../xml/tree.js';

/*
 * A SEFAZ request as a server reads it, after the schema check. Values are the text sent;
 * `xml` fields are the documents' exact bytes inside the lot, for storing and for nfeProc.
 */

export interface LotNfe {
  /** The `NFe` element exactly as it was in the lot. */
  readonly xml: string;
  /** From `infNFe/@Id` without `NFe`. */
  readonly chave: string;
  /**
   * The `NFe` element as read with the message, for a server's rules on the document. Its offsets
   * count in the string the message was read from (the SOAP body, when the caller passed the
   * element `readSoapRequest` read).
   */
  readonly element: XmlElement;
}

export interface EnviNFeRequest {
  readonly kind: 'enviNFe';
  readonly versao: string;
  readonly idLote: string;
  readonly indSinc: string;
  readonly nfes: readonly LotNfe[];
}

export interface ConsReciNFeRequest {
  readonly kind: 'consReciNFe';
  readonly versao: string;
  readonly tpAmb: string;
  readonly nRec: string;
}

export interface ConsSitNFeRequest {
  readonly kind: 'consSitNFe';
  readonly versao: string;
  readonly tpAmb: string;
  readonly xServ: string;
  readonly chNFe: string;
}

export interface ConsStatServRequest {
  readonly kind: 'consStatServ';
  readonly versao: string;
  readonly tpAmb: string;
  readonly cUF: string;
  readonly xServ: string;
}

export interface LotEvento {
  /** The `evento` element exactly as it was in the lot. */
  readonly xml: string;
  readonly versao: string;
  readonly Id: string;
  readonly cOrgao: string;
  readonly tpAmb: string;
  readonly CNPJ?: string;
  readonly CPF?: string;
  readonly chNFe: string;
  readonly dhEvento: string;
  readonly tpEvento: string;
  readonly nSeqEvento: string;
  readonly verEvento: string;
  /** The children of `detEvento` by name (`descEvento`, `nProt`, `xJust`, `xCorrecao`, …). */
  readonly detEvento: Readonly<Record<string, string>>;
}

export interface EnvEventoRequest {
  readonly kind: 'envEvento';
  readonly versao: string;
  readonly idLote: string;
  readonly eventos: readonly LotEvento[];
}

export interface InutNFeRequest {
  readonly kind: 'inutNFe';
  readonly versao: string;
  readonly Id: string;
  readonly tpAmb: string;
  readonly xServ: string;
  readonly cUF: string;
  readonly ano: string;
  readonly CNPJ?: string;
  readonly CPF?: string;
  readonly mod: string;
  readonly serie: string;
  readonly nNFIni: string;
  readonly nNFFin: string;
  readonly xJust: string;
}

export type SefazRequest =
  | EnviNFeRequest
  | ConsReciNFeRequest
  | ConsSitNFeRequest
  | ConsStatServRequest
  | EnvEventoRequest
  | InutNFeRequest;
