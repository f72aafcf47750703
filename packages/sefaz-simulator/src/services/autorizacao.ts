import type { EnviNFeRequest } from '@emissor/sefaz';
import { buildRetEnviNFe } from '@emissor/sefaz';

import { AUTHORISER } from '../answers/authoriser.js';
import { brasiliaDateTime } from '../answers/datetime.js';
import type { RequestContext, ServiceAnswer } from '../context.js';
import { saveLot } from '../db/lots.js';
import { nextReceipt } from '../db/numbers.js';
import type { Knobs } from '../knobs.js';
import { rejection } from '../rules/rejection.js';
import { authoriserType } from '../svc/svc-of.js';
import { text } from '../xml/dom.js';
import { messageRejection } from '../xml/message-checks.js';
import { checkSignatures } from '../xml/signature-status.js';
import { outageStatus } from './outage.js';
import type { JudgedNotes } from './authorise-nfe.js';
import { authoriseNotes, judgeNotes } from './authorise-nfe.js';
import { takeDrop } from './drop-answer.js';

/** UF used in lot-level answers when the lot names none (SVRS, which serves most UFs). */
const DEFAULT_CUF = '43';

/** A lot judged as far as its tree tells: what `settleLot` needs, and nothing of the tree. */
interface JudgedLot {
  /** The run knobs as the lot arrived. */
  readonly knobs: Knobs;
  readonly cUF: string;
  readonly dhRecbto: string;
  readonly synchronous: boolean;
  readonly notes: JudgedNotes;
}

/**
 * NFeAutorizacao4 (`enviNFe`): checks the lot, judges each NF-e and answers synchronously with
 * the protNFe (indSinc=1, one note) or with a receipt for NFeRetAutorizacao4 (indSinc=0). Not an
 * async function: what reads the lot's tree runs first, to its end (`judgeLot`), and the waits
 * for the registry (`settleLot`) hold none of it (authorise-nfe.ts, `judgeNotes`).
 */
export function autorizacao(
  request: EnviNFeRequest,
  message: string,
  context: RequestContext,
): ServiceAnswer | Promise<ServiceAnswer> {
  const lot = judgeLot(request, message, context);
  return 'message' in lot ? lot : settleLot(lot, context);
}

/** The lot's own checks (outage, size, schema, indSinc) and each note's signature and rules. */
function judgeLot(
  request: EnviNFeRequest,
  message: string,
  context: RequestContext,
): ServiceAnswer | JudgedLot {
  const { knobs } = context.state;
  const dhRecbto = brasiliaDateTime(context.receivedAt);
  const notes = request.nfes.map((nfe) => nfe.element);
  const cUF = (notes[0] && text(notes[0], 'infNFe', 'ide', 'cUF')) || DEFAULT_CUF;
  const lotAnswer = (status: { cStat: string; xMotivo: string }): ServiceAnswer => ({
    message: buildRetEnviNFe({
      ...AUTHORISER,
      ...status,
      cUF: /^[0-9]{2}$/.test(cUF) ? cUF : DEFAULT_CUF,
      dhRecbto,
    }),
  });

  if (context.outage) return lotAnswer(outageStatus(context.outage));
  const refused = messageRejection(message, 'enviNFe', '225');
  if (refused) return lotAnswer(refused);
  const synchronous = request.indSinc === '1';
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
  const judged = judgeNotes(notes, checkSignatures(message, 'infNFe', notes.length), context);
  return { knobs, cUF, dhRecbto, synchronous, notes: judged };
}

/** The registry's part: protocols, then the synchronous answer or the receipt of the kept lot. */
async function settleLot(lot: JudgedLot, context: RequestContext): Promise<ServiceAnswer> {
  const { knobs, cUF, dhRecbto } = lot;
  const verdicts = await authoriseNotes(lot.notes, context);
  const dropAnswer = verdicts.some((v) => v.dropAnswer) || takeDrop(context.state, 'dropAnswers');

  if (lot.synchronous && !knobs.syncAnsweredAsync) {
    return {
      message: buildRetEnviNFe({
        ...AUTHORISER,
        cStat: '104',
        xMotivo: 'Lote processado',
        cUF,
        dhRecbto,
        protNFe: verdicts[0]?.protNFe ?? '',
      }),
      dropAnswer,
    };
  }
  const { pool, schema } = context.state;
  const recibo = await nextReceipt(pool, schema, cUF, authoriserType(context.venue, cUF));
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
    message: buildRetEnviNFe({
      ...AUTHORISER,
      cStat: '103',
      xMotivo: 'Lote recebido com sucesso',
      cUF,
      dhRecbto,
      recibo: { nRec: recibo, tMed: 1 },
    }),
    dropAnswer,
  };
}
