import { hash } from 'node:crypto';

import type { NfeRequest } from '@emissor/nfe-xml';

/**
 * What a repeated Idempotency-Key is compared by. A key promises "the same NF-e": a retry whose
 * body differs only in what never reaches the XML is the same emission and replays, while any
 * difference the document would show is a different emission and is refused.
 */
export interface EmissionFingerprints {
  /** Stored with new documents: the body without the fields that never reach the XML. */
  readonly current: string;
  /**
   * The whole body, as documents stored before `current` existed were fingerprinted. Computed only
   * when a stored fingerprint is not `current`, which only a replay meets.
   */
  legacy(): string;
}

/**
 * A tax line's `rule_id` as the parsed body serialises it. It names the rule of the caller's tax
 * engine that produced the line; it is not written into the NF-e, and callers often regenerate it
 * when they rebuild a body to retry. The contract has parsed it as a UUID, and it is never a tax
 * line's first key, so in JSON it is always exactly this (a string value holding the same
 * characters would have its quotes escaped and cannot match).
 */
const RULE_ID_MEMBER = /,"rule_id":"[0-9A-Fa-f-]{36}"/g;

/**
 * Both fingerprints (SHA-256, hex) of a parsed emission request. zod builds every parsed object in
 * its schema's key order and refuses unknown keys, so the JSON of the parsed body is already
 * canonical: the key order and spacing the client sent do not change it, any value does. One
 * serialisation serves both, and the rule ids are cut from its text rather than from a copy of
 * the request (a copy of a 10-item request costs three times the serialisation). The emission
 * keeps that text, not the request, while it waits for its batch.
 */
export function emissionFingerprints(request: NfeRequest): EmissionFingerprints {
  const json = JSON.stringify(request);
  return {
    current: hash('sha256', json.replace(RULE_ID_MEMBER, ''), 'hex'),
    legacy: () => hash('sha256', json, 'hex'),
  };
}

/**
 * Whether a document stored with `stored` was emitted for a request with these fingerprints.
 * Documents stored before fingerprints were kept (null) replay as they always did.
 */
export function sameEmission(stored: string | null, fingerprints: EmissionFingerprints): boolean {
  return stored === null || stored === fingerprints.current || stored === fingerprints.legacy();
}
