import { autorizadorOf, ufOfCUF } from '@emissor/sefaz';

import type { Knobs, Outage } from './knobs.js';

/**
 * The outage in force at `now` for a request of the UF `cUF` (undefined when the request names no
 * UF it could be read from), if any. An outage of some UFs stops their authorisers, so it covers
 * every UF one of them serves; a request whose UF is unknown is covered only by an outage of all.
 */
export function outageCovering(
  knobs: Knobs,
  now: Date,
  cUF: string | undefined,
): Outage | undefined {
  const { outage } = knobs;
  if (!outage) return undefined;
  if (outage.until !== null && Date.parse(outage.until) <= now.getTime()) return undefined;
  if (outage.ufs === null) return outage;
  const uf = cUF === undefined ? undefined : ufOfCUF(cUF);
  if (!uf) return undefined;
  const down = new Set(outage.ufs.map((u) => autorizadorOf(u)));
  return down.has(autorizadorOf(uf)) ? outage : undefined;
}
