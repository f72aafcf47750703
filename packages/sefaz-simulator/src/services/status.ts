import { brasiliaDateTime } from '../answers/datetime.js';
import { retConsStatServ } from '../answers/messages.js';
import type { RequestContext, ServiceAnswer } from '../context.js';
import { activeOutage } from '../knobs.js';
import { rejection } from '../rules/rejection.js';
import type { XmlElement } from '../xml/dom.js';
import { text } from '../xml/dom.js';
import { messageRejection } from '../xml/message-checks.js';
import { outageStatus } from './outage.js';

/** NFeStatusServico4 (`consStatServ`): 107 in operation, or the 108/109 window the knobs set. */
export function statusServico(
  message: string,
  root: XmlElement,
  context: RequestContext,
): ServiceAnswer {
  const dhRecbto = brasiliaDateTime(context.receivedAt);
  const requested = text(root, 'cUF') ?? '';
  const cUF = /^[1-5][0-9]$/.test(requested) ? requested : '43';
  const reply = (
    status: { cStat: string; xMotivo: string },
    extra: { tMed?: string; xObs?: string } = {},
  ) => ({
    message: retConsStatServ({ ...status, cUF, dhRecbto }, extra),
  });
  const refused = messageRejection(message, 'consStatServ', '215');
  if (refused) return reply(refused);
  if (text(root, 'tpAmb') !== '2')
    return reply(
      rejection('252', 'Rejeição: Ambiente informado diverge do Ambiente de recebimento'),
    );
  const outage = activeOutage(context.state.knobs, context.receivedAt);
  if (outage) return reply(outageStatus(outage), { xObs: 'Janela de indisponibilidade simulada' });
  const tMed = String(Math.max(1, Math.ceil(context.state.knobs.latencyMs / 1000)));
  return reply(rejection('107', 'Serviço em Operação'), { tMed });
}
