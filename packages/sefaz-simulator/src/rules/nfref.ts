import { children, type XmlElement } from '../xml/dom.js';
import type { NfeView } from './nfe-view.js';

/** One ide/NFref: the kind of document it names (refNFe, refNF, …), its group and its position. */
export interface Reference {
  /** 1-based position among the NFref, the `nOcor` / `nRef` of the rejection texts. */
  readonly nOcor: number;
  readonly kind: 'refNFe' | 'refNFeSig' | 'refNF' | 'refNFP' | 'refCTe' | 'refECF';
  readonly element: XmlElement;
  /** The element's text: the chave of refNFe / refNFeSig / refCTe. */
  readonly chave: string;
}

/** The NFref of a document in their order (the schema makes each one hold exactly one kind). */
export function referencesOf(nfe: NfeView): Reference[] {
  return children(nfe.ide, 'NFref').flatMap((nfRef, i) => {
    const element = children(nfRef)[0];
    return element
      ? [
          {
            nOcor: i + 1,
            kind: element.localName as Reference['kind'],
            element,
            chave: element.text.trim(),
          },
        ]
      : [];
  });
}
