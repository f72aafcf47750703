import { RequestValidationFailure } from '../errors.js';

/**
 * The 422 for a known Idempotency-Key sent with other data (docs/api-rules.md "Idempotency"): a
 * key never replays a record made for a different request.
 */
export function idempotencyKeyReused(): RequestValidationFailure {
  return new RequestValidationFailure([
    {
      loc: ['header', 'idempotency-key'],
      msg: 'This Idempotency-Key was already used for a different request; use a new key for new data.',
      type: 'idempotency_key_reused',
    },
  ]);
}
