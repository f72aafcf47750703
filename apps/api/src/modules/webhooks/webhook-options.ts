import type { Env } from '../../env.js';
import type { DeliverDeps } from './deliver.js';
import { systemResolve, type Resolve, type TargetPolicy } from './target-guard.js';

/** What a process may change of webhook delivery (tests: a resolver, a receiver's CA). */
export interface WebhookOptions {
  /** Resolves receivers' host names (default: the system's resolver). */
  resolve?: Resolve;
  /** CAs trusted besides the system's for https receivers. */
  ca?: string | readonly string[];
  /** Longest wait for an answer (default 10 s). */
  timeoutMs?: number;
}

/** Where webhooks may go in this process, from the configuration. */
export function targetPolicy(
  env: Pick<Env, 'NODE_ENV' | 'WEBHOOK_ALLOW_PRIVATE'>,
  options: WebhookOptions = {},
): TargetPolicy {
  return {
    production: env.NODE_ENV === 'production',
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
    resolve: options.resolve ?? systemResolve,
  };
}

/** Everything `deliver` needs, for this process. */
export function deliverDeps(
  env: Pick<Env, 'NODE_ENV' | 'WEBHOOK_ALLOW_PRIVATE'>,
  clock: () => Date,
  options: WebhookOptions = {},
): DeliverDeps {
  return {
    policy: targetPolicy(env, options),
    now: clock,
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    ...(options.ca !== undefined && { ca: options.ca }),
  };
}
