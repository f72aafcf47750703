import type { WebhookDeliveryStatus } from '@emissor/contract';

import type { AttemptResult } from './deliver.js';
import { retryDelayMs } from './retry-schedule.js';

/** What a delivery becomes after an attempt. */
export interface NextDeliveryState {
  status: WebhookDeliveryStatus;
  /** When to try again while pendente; null once final. */
  nextAttemptAt: Date | null;
  /** The receiver answered 410 Gone: the webhook is deactivated. */
  deactivateWebhook: boolean;
}

/** Pure: the state after the `attemptsMade`-th attempt (1 for the first) ended with `result`. */
export function nextDeliveryState(
  result: AttemptResult,
  attemptsMade: number,
  now: Date,
): NextDeliveryState {
  if (result === 'delivered')
    return { status: 'entregue', nextAttemptAt: null, deactivateWebhook: false };
  if (result === 'gone') return { status: 'falhou', nextAttemptAt: null, deactivateWebhook: true };
  const delay = retryDelayMs(attemptsMade);
  if (delay === null) return { status: 'falhou', nextAttemptAt: null, deactivateWebhook: false };
  return {
    status: 'pendente',
    nextAttemptAt: new Date(now.getTime() + delay),
    deactivateWebhook: false,
  };
}
