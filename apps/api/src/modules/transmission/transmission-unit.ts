import type { TlsCredentials } from '@emissor/sefaz';

import { runAttempt } from './exchange.js';
import { pollReceipt, sendLot } from './lot-exchange.js';
import { noCertificate } from './no-certificate.js';
import type { ExchangeSettings } from './sefaz-call.js';
import type { AttemptResult, ClaimedDocument, ClaimedToSend } from './transmission-store.js';

/** One exchange with SEFAZ and the documents it settles. */
export type TransmissionUnit =
  | { kind: 'receipt'; documents: ClaimedDocument[] }
  | { kind: 'lot'; documents: ClaimedToSend[] }
  | { kind: 'single'; documents: [ClaimedToSend] };

/**
 * The exchange of one unit with the certificate its branch holds now: a receipt poll for a lot's
 * documents, an asynchronous lot, or one document (consulted first when it may have been sent).
 * Results are in the unit's order.
 */
export async function exchangeUnit(
  settings: ExchangeSettings,
  unit: TransmissionUnit,
  credentialsOf: (certificateId: string) => Promise<TlsCredentials>,
): Promise<AttemptResult[]> {
  const [first] = unit.documents;
  if (!first?.certificateId) return unit.documents.map(noCertificate);
  const credentials = await credentialsOf(first.certificateId);
  if (unit.kind === 'receipt') return pollReceipt(settings, unit.documents, credentials);
  if (unit.kind === 'lot') return sendLot(settings, unit.documents, credentials);
  return [await runAttempt(settings, unit.documents[0], credentials)];
}
