import type { NfeRequest } from '@emissor/nfe-xml';

import { requestFingerprint } from './request-fingerprint.js';

/**
 * What a repeated Idempotency-Key is compared by. A key promises "the same NF-e": a retry whose
 * body differs only in what never reaches the XML is the same emission and replays, while any
 * difference the document would show is a different emission and is refused.
 */
export interface EmissionFingerprints {
  /** Stored with new documents: the body without the fields that never reach the XML. */
  readonly current: string;
  /** The whole body, as documents stored before `current` existed were fingerprinted. */
  readonly legacy: string;
}

/**
 * Both fingerprints of a parsed emission request. A tax line's `rule_id` names the rule of the
 * caller's tax engine that produced it; it is not written into the NF-e, and callers often
 * regenerate it when they rebuild a body to retry, so it is left out of `current`.
 */
export function emissionFingerprints(request: NfeRequest): EmissionFingerprints {
  return {
    current: requestFingerprint(withoutRuleIds(request)),
    legacy: requestFingerprint(request),
  };
}

/**
 * Whether a document stored with `stored` was emitted for a request with these fingerprints.
 * Documents stored before fingerprints were kept (null) replay as they always did.
 */
export function sameEmission(stored: string | null, fingerprints: EmissionFingerprints): boolean {
  return stored === null || stored === fingerprints.current || stored === fingerprints.legacy;
}

/** The request with every tax line's `rule_id` dropped, the other keys in their parsed order. */
function withoutRuleIds(request: NfeRequest): unknown {
  return {
    ...request,
    itens: request.itens.map((item) => {
      const tributos = item.fiscal_result.tributos;
      if (!tributos) return item;
      return {
        ...item,
        fiscal_result: {
          ...item.fiscal_result,
          tributos: tributos.map(({ rule_id: _ruleId, ...line }) => line),
        },
      };
    }),
  };
}
