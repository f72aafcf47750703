import { svcOf as svcOfUf, ufOfCUF } from '@emissor/sefaz';

import type { Venue } from '../context.js';

/** One of the two SVCs (sefaz.md §2.1): its name as xMotivo texts write it, and its tpEmis. */
export interface Svc {
  readonly name: 'SVC-AN' | 'SVC-RS';
  /**
   * ide/tpEmis (the chave's 35th digit) of the notes it authorises, which is also the "tipo de
   * autorizador" of its protocols and receipts (NT 2013.007 §91–92).
   */
  readonly tpEmis: '6' | '7';
}

/** The SVC serving the UF of `cUF` in contingency (@emissor/sefaz's `svcOf`), if it names one. */
export function svcOf(cUF: string): Svc | undefined {
  const uf = ufOfCUF(cUF);
  if (!uf) return undefined;
  const { autorizador, tpEmis } = svcOfUf(uf);
  return { name: autorizador === 'SVCAN' ? 'SVC-AN' : 'SVC-RS', tpEmis };
}

/**
 * The "tipo de autorizador" digit that opens an nProt and follows the cUF in an nRec (NT 2013.007
 * §91–92): 1 for the UF's own authoriser, 6 for SVC-AN, 7 for SVC-RS. So the SVC's numbers say
 * where they came from, as the real ones do.
 */
export function authoriserType(venue: Venue, cUF: string): string {
  return (venue === 'svc' && svcOf(cUF)?.tpEmis) || '1';
}
