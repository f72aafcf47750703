import { brasiliaDateTime } from '../answers/datetime.js';
import { retEnviNFe } from '../answers/messages.js';
import type { RequestContext, ServiceAnswer } from '../context.js';
import { saveLot } from '../db/lots.js';
import { nextReceipt } from '../db/numbers.js';
import { activeOutage } from '../knobs.js';
import { rejection } from '../rules/rejection.js';
import type { Element } from '../xml/dom.js';
import { children, text } from '../xml/dom.js';
import { messageRejection } from '../xml/message-checks.js';
import { checkSignatures } from '../xml/signature-status.js';
import { outageStatus } from './outage.js';
import { authoriseNotes } from './authorise-nfe.js';
import { takeDrop } from './drop-answer.js';

/** UF used in lot-level answers when the lot names none (SVRS, which serves most UFs). */
const DEFAULT_CUF = '43';

/**
 * NFeAutorizacao4 (`enviNFe`): checks the lot, judges each NF-e and answers synchronously with
 * the protNFe (indSinc=1, one note) or with a receipt for NFeRetAutorizacao4 (indSinc=0).
 */
export async function autorizacao(
  message: string,
  root: Element,
  context: RequestContext,
): Promise<ServiceAnswer> {
  const { knobs } = context.state;
  const dhRecbto = brasiliaDateTime(context.receivedAt);
  const notes = children(root, 'NFe');
  const cUF = (notes[0] && text(notes[0], 'infNFe', 'ide', 'cUF')) || DEFAULT_CUF;
  const lotAnswer = (status: { cStat: string; xMotivo: string }): ServiceAnswer => ({
    message: retEnviNFe({ ...status, cUF: /^[0-9]{2}$/.test(cUF) ? cUF : DEFAULT_CUF, dhRecbto }),
  });

  const outage = activeOutage(knobs, context.receivedAt);
  if (outage) return lotAnswer(outageStatus(outage));
  const refused = messageRejection(message, 'enviNFe', '225');
  if (refused) return lotAnswer(refused);
  const synchronous = text(root, 'indSinc') === '1';
  if (synchronous && notes.length > 1)
    return lotAnswer(
      rejection(
        '764',
        'Rejeição: Solicitada resposta síncrona para Lote com mais de uma NF-e (indSinc=1)',
      ),
    );
  if (!synchronous && notes.length === 1)
    return lotAnswer(
      rejection(
        '452',
        'Rejeição: Solicitada resposta assíncrona para Lote com somente 1 (uma) NF-e',
      ),
    );

  const verdicts = await authoriseNotes(
    notes,
    checkSignatures(message, 'infNFe', notes.length),
    context,
  );
  const dropAnswer = verdicts.some((v) => v.dropAnswer) || takeDrop(context.state, 'dropAnswers');

  if (synchronous && !knobs.syncAnsweredAsync) {
    return {
      message: retEnviNFe(
        { cStat: '104', xMotivo: 'Lote processado', cUF, dhRecbto },
        { protNFe: verdicts[0]?.protNFe ?? '' },
      ),
      dropAnswer,
    };
  }
  const { pool, schema } = context.state;
  const recibo = await nextReceipt(pool, schema, cUF);
  await saveLot(pool, schema, {
    recibo,
    emitente: context.clientCnpj,
    cuf: cUF,
    receivedAt: context.receivedAt,
    readyAt: context.receivedAt,
    pendingPolls: knobs.pendingPolls,
    protocols: verdicts.map((v) => v.protNFe),
  });
  return {
    message: retEnviNFe(
      { cStat: '103', xMotivo: 'Lote recebido com sucesso', cUF, dhRecbto },
      { nRec: recibo, tMed: '1' },
    ),
    dropAnswer,
  };
}
