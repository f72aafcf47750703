import type { SefazAnswerError } from '../answers/errors.js';
import type { SefazService } from '../services.js';
import { changesState } from '../services.js';
import type { TransportError } from '../transport/errors.js';
import type { Classification } from './types.js';

/**
 * A call that brought no readable answer. For a query, or when the request never left, it is
 * `retryable`. For a request that changes state (lot, event, inutilização) that may have reached
 * SEFAZ — a timeout, a broken connection, a 5xx, an unreadable answer — it is `unknown`: consult
 * the chave before any resend (docs/api-rules.md "Transmission to SEFAZ").
 */
export function classifyFailure(
  service: SefazService,
  failure: TransportError | SefazAnswerError,
): Classification {
  const reason = `${failure.code}: ${failure.message}`;
  const reached = failure.name === 'SefazAnswerError' || (failure as TransportError).requestSent;
  const status = (failure as TransportError).httpStatus;
  // A 4xx is the server refusing the request as such (wrong URL, certificate not accepted): not processed.
  const refused = status !== undefined && status >= 400 && status < 500;
  if (!reached || refused || !changesState(service)) return { kind: 'retryable', reason };
  return { kind: 'unknown', reason };
}
