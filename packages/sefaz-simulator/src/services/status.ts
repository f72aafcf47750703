import type { ConsStatServRequest } from '@emissor/sefaz';
import { buildRetConsStatServ } from '@emissor/sefaz';

import { AUTHORISER } from '../answers/authoriser.js';
import { brasiliaDateTime } from '../answers/datetime.js';
import type { RequestContext, ServiceAnswer } from '../context.js';
import { rejection } from '../rules/rejection.js';
import { svcActive } from '../svc/activation.js';
import { svcDisabled } from '../svc/rejections.js';
import { svcOf } from '../svc/svc-of.js';
import { messageRejection } from '../xml/message-checks.js';
import { outageStatus } from './outage.js';

/**
 * NFeStatusServico4 (`consStatServ`): 107 in operation, or the 108/109 window the knobs set. At the
 * SVC: 107 while an outage of the UF's authoriser has its SVC on, else 114 (NT 2013.007 K05.1–2).
 */
export function statusServico(
  request: ConsStatServRequest,
  message: string,
  context: RequestContext,
): ServiceAnswer {
  const dhRecbto = brasiliaDateTime(context.receivedAt);
  const requested = request.cUF;
  const cUF = /^[1-5][0-9]$/.test(requested) ? requested : '43';
  const reply = (
    status: { cStat: string; xMotivo: string },
    extra: { tMed?: number; xObs?: string } = {},
  ) => ({
    message: buildRetConsStatServ({ ...AUTHORISER, ...status, cUF, dhRecbto, ...extra }),
  });
  const refused = messageRejection(message, 'consStatServ', '215');
  if (refused) return reply(refused);
  if (request.tpAmb !== '2')
    return reply(
      rejection('252', 'Rejeição: Ambiente informado diverge do Ambiente de recebimento'),
    );
  if (context.outage)
    return reply(outageStatus(context.outage), { xObs: 'Janela de indisponibilidade simulada' });
  const svc = context.venue === 'svc' ? svcOf(cUF) : undefined;
  if (svc && !svcActive(context.state.knobs, context.receivedAt, cUF))
    return reply(svcDisabled(svc));
  const tMed = Math.max(1, Math.ceil(context.state.knobs.latencyMs / 1000));
  return reply(rejection('107', 'Serviço em Operação'), { tMed });
}
