import { children } from '../xml/xml-tree.js';
import { FieldReader } from './field-reader.js';
import type { DocumentReference } from './types.js';

/** One NFref: its single child says which kind of document it points to. */
function readReference(ref: FieldReader): DocumentReference | undefined {
  const [el] = ref.element?.children ?? [];
  if (!el) return undefined;
  const r = new FieldReader(el, `${ref.path}/${el.localName}`);
  switch (el.localName) {
    case 'refNFe':
    case 'refNFeSig':
    case 'refCTe': {
      const key = ref.text(el.localName) ?? '';
      const kind = el.localName === 'refNFe' ? 'nfe' : el.localName === 'refCTe' ? 'cte' : 'nfeSig';
      return { kind, key };
    }
    case 'refNF':
    case 'refNFP':
      return {
        kind: el.localName === 'refNF' ? 'nf' : 'producer',
        uf: r.text('cUF'),
        yearMonth: r.text('AAMM'),
        document: r.cnpjOrCpf(),
        ie: r.text('IE'),
        model: r.text('mod'),
        series: r.text('serie'),
        number: r.text('nNF'),
      };
    case 'refECF':
      return { kind: 'ecf', model: r.text('mod'), ecf: r.text('nECF'), coo: r.text('nCOO') };
    default:
      return undefined;
  }
}

/** ide/NFref (group BA): the documents this NF-e refers to, in the XML's order. */
export function readReferences(ide: FieldReader): DocumentReference[] {
  return children(ide.element, 'NFref').flatMap((el, i) => {
    const ref = readReference(new FieldReader(el, `${ide.path}/NFref[${i + 1}]`));
    return ref ? [ref] : [];
  });
}
