import type { ConsReciNFeRequest } from '@emissor/sefaz';
import { buildRetConsReciNFe } from '@emissor/sefaz';

import { AUTHORISER } from '../answers/authoriser.js';
import { brasiliaDateTime } from '../answers/datetime.js';
import type { RequestContext, ServiceAnswer } from '../context.js';
import { pollLot } from '../db/lots.js';
import { isSvcReceipt } from '../db/numbers.js';
import { cnpjRoot } from '../rules/context.js';
import { rejection } from '../rules/rejection.js';
import { messageRejection } from '../xml/message-checks.js';
import { outageStatus } from './outage.js';

const DEFAULT_CUF = '43';

/**
 * NFeRetAutorizacao4 (`consReciNFe`): the verdicts of an asynchronous lot, by receipt. The SVC and
 * the UFs' authorisers know only their own receipts (106 for the other's, told by the receipt's
 * type digit), as separate systems would.
 */
export async function retAutorizacao(
  request: ConsReciNFeRequest,
  message: string,
  context: RequestContext,
): Promise<ServiceAnswer> {
  const dhRecbto = brasiliaDateTime(context.receivedAt);
  const requested = request.nRec;
  const nRec = /^[0-9]{15}$/.test(requested) ? requested : '000000000000000';
  const reply = (
    status: { cStat: string; xMotivo: string },
    cUF: string,
    protNFe: string[] = [],
  ) => ({
    message: buildRetConsReciNFe({ ...AUTHORISER, ...status, cUF, dhRecbto, nRec, protNFe }),
  });
  if (context.outage) return reply(outageStatus(context.outage), DEFAULT_CUF);
  const refused = messageRejection(message, 'consReciNFe', '215');
  if (refused) return reply(refused, DEFAULT_CUF);
  if (request.tpAmb !== '2')
    return reply(
      rejection('252', 'Rejeição: Ambiente informado diverge do Ambiente de recebimento'),
      DEFAULT_CUF,
    );

  const { pool, schema } = context.state;
  if (isSvcReceipt(nRec) !== (context.venue === 'svc'))
    return reply(rejection('106', 'Lote não localizado'), DEFAULT_CUF);
  const poll = await pollLot(pool, schema, nRec, context.receivedAt);
  if (poll.kind === 'unknown') return reply(rejection('106', 'Lote não localizado'), DEFAULT_CUF);
  if (cnpjRoot(poll.emitente) !== cnpjRoot(context.clientCnpj)) {
    return reply(
      rejection(
        '223',
        'Rejeição: CNPJ do transmissor do lote difere do CNPJ do transmissor da consulta',
      ),
      poll.cuf,
    );
  }
  if (poll.kind === 'pending') return reply(rejection('105', 'Lote em processamento'), poll.cuf);
  return reply(rejection('104', 'Lote processado'), poll.cuf, poll.protocols);
}
