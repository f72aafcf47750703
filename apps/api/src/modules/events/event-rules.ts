import { MAX_N_SEQ_EVENTO } from '@emissor/sefaz';

import { appError, type AppError } from '../../errors.js';

/** NT 2018.004 rule 2P12-14: an NF-e (model 55) may be cancelled up to 24 h after its authorisation. */
export const CANCELLATION_DEADLINE_MS = 24 * 3_600_000;

export type EventTipo = 'cancelamento' | 'carta_correcao';

/** What the rules look at: the document, locked, and its events that are not refused. */
export interface EventSubject {
  status: string;
  autorizadaEm: Date | null;
  liveEvents: readonly { tipo: EventTipo; sequencia: number }[];
}

/**
 * docs/api-rules.md "Events and inutilização": the checks made before anything is stored or sent, so no
 * request ends in a predictable rejection (580, 501, 573, 594). Returns the event's nSeqEvento, or
 * the refusal. `sendLate` lets a cancellation past the deadline go to an authoriser that may accept
 * it (155).
 */
export function judgeEvent(
  tipo: EventTipo,
  subject: EventSubject,
  now: Date,
  options: { sendLate: boolean },
): { sequencia: number } | { refusal: AppError } {
  const cancellation = subject.liveEvents.find((e) => e.tipo === 'cancelamento');
  if (tipo === 'cancelamento') {
    if (subject.status !== 'autorizada')
      return {
        refusal: appError(
          'document_not_cancellable',
          `Only an autorizada document can be cancelled; this one is ${subject.status}.`,
        ),
      };
    if (cancellation)
      return {
        refusal: appError(
          'document_not_cancellable',
          'This document already has a cancellation in progress or registered.',
        ),
      };
    const authorisedAt = subject.autorizadaEm?.getTime();
    if (
      !options.sendLate &&
      authorisedAt !== undefined &&
      now.getTime() - authorisedAt > CANCELLATION_DEADLINE_MS
    )
      return {
        refusal: appError(
          'cancellation_deadline_passed',
          'This NF-e was authorised more than 24 hours ago; the authoriser refuses its cancellation (cStat 501).',
        ),
      };
    return { sequencia: 1 };
  }

  if (subject.status !== 'autorizada')
    return {
      refusal: appError(
        'document_not_correctable',
        `Only an autorizada document can get a carta de correção; this one is ${subject.status}.`,
      ),
    };
  if (cancellation)
    return {
      refusal: appError(
        'document_not_correctable',
        'This document has a cancellation in progress or registered.',
      ),
    };
  const last = Math.max(
    0,
    ...subject.liveEvents.filter((e) => e.tipo === 'carta_correcao').map((e) => e.sequencia),
  );
  if (last >= MAX_N_SEQ_EVENTO)
    return {
      refusal: appError(
        'correction_limit_reached',
        `This document already has ${MAX_N_SEQ_EVENTO} cartas de correção (the most an NF-e may have).`,
      ),
    };
  return { sequencia: last + 1 };
}
