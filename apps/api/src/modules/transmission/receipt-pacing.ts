/** sefaz.md §7: a recibo consulted more than 40 times in an hour earns 656 (consumo indevido). */
export const RECEIPT_POLLS_PER_HOUR = 40;
/** The longest pause between two polls of one recibo. */
export const MAX_RECEIPT_POLL_MS = 150_000;
const MIN_RECEIPT_POLL_MS = 1_000;

/**
 * When to ask again for an asynchronous lot's result (NFeRetAutorizacao4). Never sooner than the
 * average time SEFAZ reported (`tMed`, seconds) nor than a second, and spaced by half the time the
 * lot has already waited: a lot that is slow to process is asked about less and less often (a
 * geometric series capped at 150 s), which keeps any hour under the 40 polls SEFAZ tolerates.
 */
export function receiptPollDelayMs(tMedSeconds: number | null, waitedMs: number): number {
  const floor = Math.max(MIN_RECEIPT_POLL_MS, (tMedSeconds ?? 0) * 1000);
  return Math.min(MAX_RECEIPT_POLL_MS, Math.max(floor, waitedMs / 2));
}
