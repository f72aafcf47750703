import type { SefazService } from '@emissor/sefaz';

/** What the transmission tells whoever watches it (the metrics); every method is cheap and sync. */
export interface TransmissionObserver {
  /**
   * One call to an authoriser ended: with an answer (its cStat) or without one (`cStat`
   * undefined). `healthy` is false for no answer, 108/109 (service stopped) and 656 (throttled).
   */
  called(call: {
    service: SefazService;
    autorizador: string;
    ambiente: string;
    cStat: string | undefined;
    healthy: boolean;
  }): void;
  /** A document reached its final status, `seconds` after it was queued. */
  finished(status: string, seconds: number): void;
  /**
   * A send whose outcome was unknown was settled by a consultation: SEFAZ had a final status for
   * the chave (`found`), or had never received it and the document was sent again (`resent`).
   */
  recovered(outcome: 'found' | 'resent'): void;
  /** Transmission started (true) or stopped (false) yielding to requests that saturate the process. */
  yielding(on: boolean): void;
}

export const NO_OBSERVER: TransmissionObserver = {
  called: () => undefined,
  finished: () => undefined,
  recovered: () => undefined,
  yielding: () => undefined,
};
