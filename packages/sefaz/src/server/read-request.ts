import type { XmlElement } from '../xml/tree.js';
import {
  child,
  childText,
  children,
  deepText,
  firstNfeElement,
  readXml,
  XmlParseError,
} from '../xml/tree.js';
import type { LotEvento, LotNfe, SefazRequest } from './request-types.js';

/** Why a request message could not be read. */
export class SefazRequestError extends Error {
  override name = 'SefazRequestError';

  constructor(
    readonly code: 'not_xml' | 'unknown_message',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The exact text of every top-level `<name …>…</name>` of a lot, in order. The lot's schema
 * forbids prefixes (404) and these elements do not nest, so a scan finds them; slicing keeps the
 * signed bytes as they were sent.
 */
export function documentsOfLot(lot: string, name: 'NFe' | 'evento'): string[] {
  const result: string[] = [];
  const open = new RegExp(`<${name}[\\s>]`, 'g');
  const close = `</${name}>`;
  for (let match = open.exec(lot); match; match = open.exec(lot)) {
    const end = lot.indexOf(close, match.index);
    if (end < 0) break;
    result.push(lot.slice(match.index, end + close.length));
    open.lastIndex = end + close.length;
  }
  return result;
}

const text = (parent: XmlElement | undefined, name: string): string =>
  (parent && childText(parent, name)) ?? '';

function lotNfes(message: string, root: XmlElement): LotNfe[] {
  const texts = documentsOfLot(message, 'NFe');
  return children(root, 'NFe').map((element, index) => {
    const id = child(element, 'infNFe')?.attributes.get('Id') ?? '';
    return {
      xml: texts[index] ?? '',
      chave: id.startsWith('NFe') ? id.slice(3) : '',
      element,
    };
  });
}

function lotEventos(message: string, root: XmlElement): LotEvento[] {
  const texts = documentsOfLot(message, 'evento');
  return children(root, 'evento').map((evento, index) => {
    const info = child(evento, 'infEvento');
    const det = info && child(info, 'detEvento');
    const detEvento: Record<string, string> = {};
    for (const field of det?.children ?? []) detEvento[field.localName] = deepText(field);
    return {
      xml: texts[index] ?? '',
      versao: evento.attributes.get('versao') ?? '',
      Id: info?.attributes.get('Id') ?? '',
      cOrgao: text(info, 'cOrgao'),
      tpAmb: text(info, 'tpAmb'),
      CNPJ: info && childText(info, 'CNPJ'),
      CPF: info && childText(info, 'CPF'),
      chNFe: text(info, 'chNFe'),
      dhEvento: text(info, 'dhEvento'),
      tpEvento: text(info, 'tpEvento'),
      nSeqEvento: text(info, 'nSeqEvento'),
      verEvento: text(info, 'verEvento'),
      detEvento,
    };
  });
}

/**
 * Reads a request message (the `message` of `readSoapRequest`) into its fields. It trusts the
 * structure the schema check already proved and only reads; missing fields read as ''. A server
 * that read the envelope passes its `messageElement` as `root`, so the message is not parsed a
 * second time (a 50-NF-e lot is most of the envelope); without it the message is read here.
 *
 * @throws {SefazRequestError} `not_xml`, or `unknown_message` for a root that is no 4.00 request.
 */
export function readSefazRequest(message: string, root?: XmlElement): SefazRequest {
  if (!root) {
    try {
      root = firstNfeElement(readXml(message));
    } catch (error) {
      if (error instanceof XmlParseError) throw new SefazRequestError('not_xml', error.message);
      throw error;
    }
  }
  if (!root) throw new SefazRequestError('unknown_message', 'no element in the NF-e namespace');
  const versao = root.attributes.get('versao') ?? '';
  switch (root.localName) {
    case 'enviNFe':
      return {
        kind: 'enviNFe',
        versao,
        idLote: text(root, 'idLote'),
        indSinc: text(root, 'indSinc'),
        nfes: lotNfes(message, root),
      };
    case 'consReciNFe':
      return { kind: 'consReciNFe', versao, tpAmb: text(root, 'tpAmb'), nRec: text(root, 'nRec') };
    case 'consSitNFe':
      return {
        kind: 'consSitNFe',
        versao,
        tpAmb: text(root, 'tpAmb'),
        xServ: text(root, 'xServ'),
        chNFe: text(root, 'chNFe'),
      };
    case 'consStatServ':
      return {
        kind: 'consStatServ',
        versao,
        tpAmb: text(root, 'tpAmb'),
        cUF: text(root, 'cUF'),
        xServ: text(root, 'xServ'),
      };
    case 'envEvento':
      return {
        kind: 'envEvento',
        versao,
        idLote: text(root, 'idLote'),
        eventos: lotEventos(message, root),
      };
    case 'inutNFe': {
      const info = child(root, 'infInut');
      return {
        kind: 'inutNFe',
        versao,
        Id: info?.attributes.get('Id') ?? '',
        tpAmb: text(info, 'tpAmb'),
        xServ: text(info, 'xServ'),
        cUF: text(info, 'cUF'),
        ano: text(info, 'ano'),
        CNPJ: info && childText(info, 'CNPJ'),
        CPF: info && childText(info, 'CPF'),
        mod: text(info, 'mod'),
        serie: text(info, 'serie'),
        nNFIni: text(info, 'nNFIni'),
        nNFFin: text(info, 'nNFFin'),
        xJust: text(info, 'xJust'),
      };
    }
    default:
      throw new SefazRequestError('unknown_message', `<${root.localName}> is not a SEFAZ request`);
  }
}
