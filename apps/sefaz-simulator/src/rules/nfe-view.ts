import type { Element } from '../xml/dom.js';
import { child, children, text } from '../xml/dom.js';

/** The parts of an `NFe` the rules read, located once. */
export interface NfeView {
  readonly infNFe: Element;
  readonly ide: Element;
  readonly emit: Element;
  readonly dest: Element | undefined;
  readonly items: readonly Element[];
  readonly icmsTot: Element | undefined;
  readonly pag: Element | undefined;
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

/** Reads an `NFe` element that already passed the schema, so required elements exist. */
export function viewNfe(nfe: Element): NfeView {
  const infNFe = child(nfe, 'infNFe');
  if (!infNFe) throw new Error('NFe without infNFe');
  const ide = child(infNFe, 'ide');
  const emit = child(infNFe, 'emit');
  if (!ide || !emit) throw new Error('infNFe without ide or emit');
  const cnpj = text(emit, 'CNPJ');
  return {
    infNFe,
    ide,
    emit,
    dest: child(infNFe, 'dest'),
    items: children(infNFe, 'det'),
    icmsTot: child(infNFe, 'total', 'ICMSTot'),
    pag: child(infNFe, 'pag'),
    chave: (infNFe.getAttribute('Id') ?? '').replace(/^NFe/, ''),
    emitente: cnpj ?? (text(emit, 'CPF') ?? '').padStart(14, '0'),
    cUF: text(ide, 'cUF') ?? '',
    tpAmb: text(ide, 'tpAmb') ?? '',
    modelo: text(ide, 'mod') ?? '',
    serie: text(ide, 'serie') ?? '',
    nNF: text(ide, 'nNF') ?? '',
  };
}
