import { text } from '../xml/dom.js';
import type { NfeView } from './nfe-view.js';
import { referencesOf, type Reference } from './nfref.js';
import { rejection, type Rejection } from './rejection.js';

/*
 * The references a document's purpose demands (MOC 7.0 Anexo I, B25-30 to B25-70 and B25b-40): a
 * complementary NF-e completes exactly one note of its own issuer and state, a return names what
 * it returns, a sale made in person away from the establishment names its note.
 */

/** A return of these CFOPs (goods the buyer refused or never received) needs no reference. */
const RETURNS_WITHOUT_REFERENCE: ReadonlySet<string> = new Set([
  '1201',
  '1202',
  '1410',
  '1411',
  '5921',
  '6921',
]);

/** An NF-e, NFC-e or NF modelo 1: the notes a complementary one may complete. */
const isNote = (r: Reference): boolean => r.kind === 'refNFe' || r.kind === 'refNF';

/** 254, 255, 269, 678: the one note a complementary NF-e (finNFe 2) completes. */
function checkComplementary(nfe: NfeView, refs: readonly Reference[]): Rejection | undefined {
  const notes = refs.filter(isNote);
  const [note] = notes;
  if (!note) return rejection('254', 'Rejeição: NF-e complementar não possui NF referenciada');
  if (notes.length > 1)
    return rejection('255', 'Rejeição: NF-e complementar possui mais de uma NF referenciada');
  const chave = note.kind === 'refNFe';
  const issuer = chave ? note.chave.slice(6, 20) : text(note.element, 'CNPJ');
  if (issuer !== nfe.emitente)
    return rejection(
      '269',
      'Rejeição: CNPJ/CPF Emitente da NF Complementar difere do CNPJ/CPF da NF Referenciada',
    );
  const state = chave ? note.chave.slice(0, 2) : text(note.element, 'cUF');
  if (state !== nfe.cUF)
    return rejection('678', 'Rejeição: NF referenciada com UF diferente da NF-e complementar');
  return undefined;
}

export function checkReferencePurpose(nfe: NfeView): Rejection | undefined {
  const finNFe = text(nfe.ide, 'finNFe');
  const refs = referencesOf(nfe);
  if (finNFe === '2') {
    const result = checkComplementary(nfe, refs);
    if (result) return result;
  }
  if (
    finNFe === '4' &&
    refs.length === 0 &&
    // The MOC exempts "the CFOP" listed; a return carrying any of them is taken as exempt. Items
    // may name what they give back themselves (det/DFeReferenciado, NT 2025.002 VC02-14).
    !nfe.items.some(
      (det) =>
        RETURNS_WITHOUT_REFERENCE.has(text(det, 'prod', 'CFOP') ?? '') ||
        text(det, 'DFeReferenciado', 'chaveAcesso') !== undefined,
    )
  )
    return rejection(
      '321',
      'Rejeição: NF-e de devolução de mercadoria não possui documento fiscal referenciado',
    );
  if (text(nfe.ide, 'indPres') === '5' && !refs.some(isNote))
    return rejection(
      '864',
      'Rejeição: NF-e com indicativo de Operação presencial, fora do estabelecimento e não informada NF referenciada',
    );
  return undefined;
}
