import type { Logger } from '../../logging/logger.js';
import type { TransmissionObserver } from './transmission-observer.js';
import type { SettledResult } from './transmission-store.js';
import type { TransmissionUnit } from './transmission-unit.js';

/**
 * The log lines and metrics of one exchange's stored results: a line per lot or receipt poll, a
 * line per document, and the time to the final status of the documents stored as final.
 */
export function reportExchange(
  unit: TransmissionUnit,
  settled: readonly SettledResult[],
  stored: ReadonlySet<string>,
  observer: TransmissionObserver,
  logger: Logger,
  now: () => number = Date.now,
): void {
  if (unit.kind !== 'single') {
    const first = settled[0]?.result;
    logger.info(
      {
        exchange: unit.kind,
        documents: unit.documents.length,
        recibo: (first?.kind === 'later' && first.recibo) || unit.documents[0]?.recibo,
      },
      unit.kind === 'lot' ? 'transmission lot sent' : 'transmission receipt polled',
    );
  }
  for (const { claimed, result } of settled) {
    // Fields per line rather than a child logger per document: a lot's 50 lines are written in
    // one turn of the event loop, beside the requests.
    const about = { chave: claimed.chave, attempt: claimed.attempt };
    const isStored = stored.has(claimed.documentId);
    if (result.kind === 'final') {
      if (isStored) observer.finished(result.status, (now() - claimed.enqueuedAt.getTime()) / 1000);
      logger.info(
        {
          ...about,
          status: result.status,
          cStat: result.cStat,
          protocolo: result.protocolo?.nProt,
          stored: isStored,
        },
        'transmission finished',
      );
    } else if (result.recibo)
      // Not a retry: the lot is with SEFAZ and its result is asked for when due.
      logger.debug(
        { ...about, recibo: result.recibo, poll_in_ms: Math.round(result.delayMs) },
        'transmission awaiting the lot',
      );
    else
      logger.info(
        { ...about, retry_in_ms: Math.round(result.delayMs), reason: result.error },
        'transmission retried',
      );
  }
}
