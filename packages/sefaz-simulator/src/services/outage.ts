import type { Rejection } from '../rules/rejection.js';
import { rejection } from '../rules/rejection.js';

/** The status every service answers during a 108/109 window. */
export function outageStatus(cStat: '108' | '109'): Rejection {
  return cStat === '108'
    ? rejection('108', 'Serviço Paralisado Momentaneamente (curto prazo)')
    : rejection('109', 'Serviço Paralisado sem Previsão');
}
