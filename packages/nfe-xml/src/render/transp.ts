import type { NfeTransporte } from '../types-transporte.js';
import type { IssueList } from '../validate/issues.js';
import { checkLiteral, given } from '../validate/text.js';
import { renderRetTransp } from './ret-transp.js';
import { renderTransporta } from './transporta.js';
import {
  checkCarrierRules,
  checkInterstateVehicles,
  type TransportParties,
} from './transp-rules.js';
import { renderTranspVehicles } from './transp-vehicles.js';
import { renderVolumes } from './vol.js';

/** `<transp>` of a request without `transporte`: modFrete 9, "sem ocorrência de transporte". */
export const NO_TRANSPORT = '<transp><modFrete>9</modFrete></transp>';

/** modFrete: 0 CIF, 1 FOB, 2 third party, 3 own (sender), 4 own (recipient), 9 none. */
export const FREIGHT_MODES = ['0', '1', '2', '3', '4', '9'] as const;

export interface TranspContext extends TransportParties {
  /** idDest 2: no road vehicle in the NF-e (rejection 868). */
  readonly interstate: boolean;
}

/**
 * `<transp>`: modFrete transporta? retTransp? (veicTransp? reboque{0..5} | vagao | balsa)? vol*,
 * in the layout's order, with the rules SEFAZ checks between the carrier, the freight mode and the
 * parties. An absent `transporte` costs one constant.
 */
export function renderTransp(
  issues: IssueList,
  t: NfeTransporte | null | undefined,
  ctx: TranspContext,
): string {
  if (!given(t)) return NO_TRANSPORT;
  const modFrete = checkLiteral(
    issues,
    ['transporte'],
    'modalidade_frete',
    t.modalidade_frete,
    FREIGHT_MODES,
  );
  const carrier = given(t.transportadora) ? renderTransporta(issues, t.transportadora) : undefined;
  const retTransp = given(t.retencao_icms) ? renderRetTransp(issues, t.retencao_icms) : '';
  const vehicles = renderTranspVehicles(issues, t);
  const volumes = renderVolumes(issues, t.volumes);
  if (modFrete !== undefined) checkCarrierRules(issues, modFrete, carrier?.id, ctx);
  checkInterstateVehicles(
    issues,
    ctx.interstate,
    given(t.veiculo),
    Array.isArray(t.reboques) && t.reboques.length > 0,
  );
  return `<transp><modFrete>${modFrete ?? ''}</modFrete>${carrier?.xml ?? ''}${retTransp}${vehicles}${volumes}</transp>`;
}
