import { brasiliaYearMonth } from '../answers/datetime.js';
import { text } from '../xml/dom.js';
import type { NfeView } from './nfe-view.js';
import { referencesOf } from './nfref.js';
import { rejection, type Rejection } from './rejection.js';

/** An NF-e the document references that the registry must hold (3BA02-10). */
export interface ReferenceToFind {
  readonly chave: string;
  /** Its position among the NFref, for the rejection text. */
  readonly nRef: number;
}

/** Contingency modes whose notes may reference a recent note this authoriser has not seen yet. */
const CONTINGENCY: ReadonlySet<string> = new Set(['2', '4', '5']);

/**
 * The refNFe of model 55 issued in the document's own state, which this authoriser must know
 * (3BA02-10). A note issued in contingency (tpEmis 2, 4, 5) may reference one of the current or
 * the previous month not yet authorised, except a complementary (finNFe 2) or credit (5) note.
 */
export function referencesToFind(nfe: NfeView, receivedAt: Date): ReferenceToFind[] {
  const refs = referencesOf(nfe).filter(
    (ref) =>
      ref.kind === 'refNFe' &&
      ref.chave.slice(0, 2) === nfe.cUF &&
      ref.chave.slice(20, 22) === '55',
  );
  if (refs.length === 0) return [];
  const finNFe = text(nfe.ide, 'finNFe');
  const lenient =
    CONTINGENCY.has(text(nfe.ide, 'tpEmis') ?? '') && finNFe !== '2' && finNFe !== '5';
  const recent = lenient ? recentMonths(receivedAt) : new Set<string>();
  return refs
    .filter((ref) => !recent.has(ref.chave.slice(2, 6)))
    .map((ref) => ({ chave: ref.chave, nRef: ref.nOcor }));
}

/** AAMM of the reception's month and of the one before, in Brasília. */
function recentMonths(receivedAt: Date): Set<string> {
  const { year, month } = brasiliaYearMonth(receivedAt);
  const aamm = (y: number, m: number) =>
    `${String(y % 100).padStart(2, '0')}${String(m).padStart(2, '0')}`;
  return new Set([aamm(year, month), month === 1 ? aamm(year - 1, 12) : aamm(year, month - 1)]);
}

/** 267: the first referenced NF-e the registry does not hold. */
export function missingReference(
  references: readonly ReferenceToFind[],
  registered: ReadonlySet<string>,
): Rejection | undefined {
  const missing = references.find((ref) => !registered.has(ref.chave));
  return missing
    ? rejection('267', `Rejeição: Chave de Acesso referenciada inexistente [nRef: ${missing.nRef}]`)
    : undefined;
}
