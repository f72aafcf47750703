import type { XmlElement } from '../xml/dom.js';
import { child, children, text } from '../xml/dom.js';

/** The parts of an `NFe` the rules read, located once. */
export interface NfeView {
  /** The XML the view's elements were read from: their offsets count in it. */
  readonly source: string;
  readonly infNFe: XmlElement;
  readonly ide: XmlElement;
  readonly emit: XmlElement;
  readonly dest: XmlElement | undefined;
  readonly items: readonly XmlElement[];
  readonly icmsTot: XmlElement | undefined;
  readonly pag: XmlElement | undefined;
  /** The 44 digits of `infNFe/@Id` without the `NFe` prefix. */
  readonly chave: string;
  /** emit/CNPJ, or emit/CPF padded to 14 as it appears in the chave. */
  readonly emitente: string;
  readonly cUF: string;
  readonly tpAmb: string;
  readonly modelo: string;
  readonly serie: string;
  readonly nNF: string;
}

/**
 * Reads an `NFe` element that already passed the schema, so required elements exist; `source` is
 * the XML it was read from (for rules that need an element's exact bytes).
 */
export function viewNfe(nfe: XmlElement, source: string): NfeView {
  const infNFe = child(nfe, 'infNFe');
  if (!infNFe) throw new Error('NFe without infNFe');
  const ide = child(infNFe, 'ide');
  const emit = child(infNFe, 'emit');
  if (!ide || !emit) throw new Error('infNFe without ide or emit');
  const cnpj = text(emit, 'CNPJ');
  return {
    source,
    infNFe,
    ide,
    emit,
    dest: child(infNFe, 'dest'),
    items: children(infNFe, 'det'),
    icmsTot: child(infNFe, 'total', 'ICMSTot'),
    pag: child(infNFe, 'pag'),
    chave: (infNFe.attributes.get('Id') ?? '').replace(/^NFe/, ''),
    emitente: cnpj ?? (text(emit, 'CPF') ?? '').padStart(14, '0'),
    cUF: text(ide, 'cUF') ?? '',
    tpAmb: text(ide, 'tpAmb') ?? '',
    modelo: text(ide, 'mod') ?? '',
    serie: text(ide, 'serie') ?? '',
    nNF: text(ide, 'nNF') ?? '',
  };
}
