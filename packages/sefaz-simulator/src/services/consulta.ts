import { modulo11CheckDigit } from '@emissor/nfe-xml';

import type { ConsSitNFeRequest } from '@emissor/sefaz';
import { buildRetConsSitNFe } from '@emissor/sefaz';

import { AUTHORISER } from '../answers/authoriser.js';
import { brasiliaDateTime } from '../answers/datetime.js';
import type { RequestContext, ServiceAnswer } from '../context.js';
import { cancellationStatus } from '../db/events.js';
import { eventsOf, findNfe } from '../db/nfe-registry.js';
import { rejection } from '../rules/rejection.js';
import { tpEmisIncompatible } from '../svc/rejections.js';
import { svcOf } from '../svc/svc-of.js';
import { messageRejection } from '../xml/message-checks.js';
import { outageStatus } from './outage.js';

/**
 * NFeConsultaProtocolo4 (`consSitNFe`): the situation of a chave with its protNFe and its
 * registered events (100 authorised, 101 cancelled, the denial code, 217 unknown). At the SVC,
 * only of the SVC's own notes: a chave of another tpEmis is 584 (NT 2013.007 J02h.1), and one of
 * its tpEmis it did not authorise is 217. (The registry is shared, and the UF's authoriser reports
 * the SVC's notes too, as the SVC shares them with it through the Ambiente Nacional, §04.8.)
 */
export async function consulta(
  request: ConsSitNFeRequest,
  message: string,
  context: RequestContext,
): Promise<ServiceAnswer> {
  const dhRecbto = brasiliaDateTime(context.receivedAt);
  const requested = request.chNFe;
  const chNFe = /^[0-9]{44}$/.test(requested) ? requested : '0'.repeat(44);
  const cUF = /^[1-5][0-9]$/.test(chNFe.slice(0, 2)) ? chNFe.slice(0, 2) : '43';
  const reply = (
    status: { cStat: string; xMotivo: string },
    protocol?: string,
    procEventoNFe: string[] = [],
  ) => ({
    message: buildRetConsSitNFe({
      ...AUTHORISER,
      ...status,
      cUF,
      dhRecbto,
      chNFe,
      protNFe: protocol,
      procEventoNFe,
    }),
  });
  if (context.outage) return reply(outageStatus(context.outage));
  const refused = messageRejection(message, 'consSitNFe', '215');
  if (refused) return reply(refused);
  if (request.tpAmb !== '2')
    return reply(
      rejection('252', 'Rejeição: Ambiente informado diverge do Ambiente de recebimento'),
    );
  if (modulo11CheckDigit(chNFe.slice(0, 43)) !== chNFe.slice(43))
    return reply(rejection('236', 'Rejeição: Chave de Acesso com dígito verificador inválido'));
  const svc = context.venue === 'svc' ? svcOf(cUF) : undefined;
  if (svc && chNFe.charAt(34) !== svc.tpEmis) return reply(tpEmisIncompatible(svc));

  const { pool, schema } = context.state;
  const nfe = await findNfe(pool, schema, chNFe);
  if (!nfe) return reply(rejection('217', 'Rejeição: NF-e não consta na base de dados da SEFAZ'));
  const events = await eventsOf(pool, schema, chNFe);
  if (nfe.status === 'cancelada') {
    // 151 when the cancellation was accepted out of time (155), as the MOC lists it (sefaz.md §6).
    const late = (await cancellationStatus(pool, schema, chNFe)) === '155';
    const status = late
      ? rejection('151', 'Cancelamento de NF-e homologado fora de prazo')
      : rejection('101', 'Cancelamento de NF-e homologado');
    return reply(status, nfe.protNfe, events);
  }
  return reply(rejection(nfe.cStat, nfe.xMotivo), nfe.protNfe, events);
}
