import { EndpointError, isUf, type Uf } from './resolve.js';
import { UF_AUTHORISERS } from './table.js';

/*
 * SVC (Sefaz Virtual de Contingência, sefaz.md §2.1 and §9): when a UF's authoriser is down, its
 * SEFAZ switches on the UF's SVC and new NF-e are issued there with a tpEmis that names it — 6
 * SVC-AN, 7 SVC-RS. The tpEmis is position 35 of the chave, so a chave tells where its NF-e was
 * authorised, and where to consult or cancel it.
 */

/** The two contingency authorisers of the table. */
export type SvcAutorizador = (typeof UF_AUTHORISERS)[Uf]['svc'];
/** ide/tpEmis of an NF-e issued in an SVC: `6` SVC-AN, `7` SVC-RS. */
export type SvcTpEmis = '6' | '7';

/** A UF's SVC and the tpEmis of the NF-e issued in it. */
export interface Svc {
  readonly autorizador: SvcAutorizador;
  readonly tpEmis: SvcTpEmis;
}

const TP_EMIS_OF: Readonly<Record<SvcAutorizador, SvcTpEmis>> = { SVCAN: '6', SVCRS: '7' };
const SVC_OF_TP_EMIS: Readonly<Record<SvcTpEmis, SvcAutorizador>> = { '6': 'SVCAN', '7': 'SVCRS' };

/**
 * The SVC that replaces a UF's authoriser (from the generated table: SVC-RS for AM, BA, GO, MA,
 * MS, MT, PE, PR; SVC-AN for the others) and the tpEmis its NF-e carry.
 * @throws {EndpointError} for an unknown UF.
 */
export function svcOf(uf: Uf): Svc {
  if (!isUf(uf)) throw new EndpointError(`unknown UF ${String(uf)}`);
  const autorizador = UF_AUTHORISERS[uf].svc;
  return { autorizador, tpEmis: TP_EMIS_OF[autorizador] };
}

/** The SVC an NF-e of this tpEmis was issued in (`6` SVCAN, `7` SVCRS); `undefined` for any other. */
export function svcOfTpEmis(tpEmis: string): SvcAutorizador | undefined {
  return Object.prototype.hasOwnProperty.call(SVC_OF_TP_EMIS, tpEmis)
    ? SVC_OF_TP_EMIS[tpEmis as SvcTpEmis]
    : undefined;
}

/**
 * The SVC the NF-e of a chave was issued in, by its tpEmis (position 35); `undefined` for an NF-e
 * of any other emission type, normal ones included.
 * @throws {EndpointError} for a text that is not a chave (44 characters).
 */
export function svcOfChave(chave: string): SvcAutorizador | undefined {
  if (chave.length !== 44)
    throw new EndpointError(`a chave has 44 characters, not ${chave.length}`);
  return svcOfTpEmis(chave.charAt(34));
}
