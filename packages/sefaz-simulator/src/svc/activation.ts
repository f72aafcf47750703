import { cUFOf, UFS } from '@emissor/sefaz';

import type { SimulatorState } from '../context.js';
import type { Knobs } from '../knobs.js';
import { outageCovering } from '../outage-scope.js';

/**
 * Whether the SVC is active now for the UF of `cUF`: an outage of the UF's authoriser with `svc`
 * (the origin SEFAZ switched its SVC on) is in force. The SVC's status service answers 107 then,
 * 114 otherwise.
 */
export function svcActive(knobs: Knobs, now: Date, cUF: string): boolean {
  return outageCovering(knobs, now, cUF)?.svc === true;
}

/**
 * Records the UFs (cUF) whose SVC the outage in force switched on; called whenever the run knobs
 * change. The SVC keeps authorising a UF's tpEmis 6/7 notes for as long as the simulator runs after
 * an activation. A simplification: the real SVC works on for the 15 minutes announced before the
 * origin SEFAZ turns it off (status 113 meanwhile, NT 2013.007 §03 and K05.3), then refuses (114);
 * here the overlap never ends, so a client finishing its contingency lots is never cut off.
 */
export function recordSvcActivations(state: SimulatorState, now: Date): void {
  if (!state.knobs.outage?.svc) return;
  for (const uf of UFS) {
    const cUF = cUFOf(uf);
    if (svcActive(state.knobs, now, cUF)) state.svcActivations.add(cUF);
  }
}
