import { describe, expect, it } from 'vitest';

import { localFailure, MAX_LOCAL_FAILURES, NOT_SENT_CODE } from './local-failure.js';
import type { ClaimedDocument } from './transmission-store.js';

const TOO_LARGE = 'nfes: the enviNFe would be 1,146,913 bytes, over the 512,000 bytes (500 KB)';

const claimed = (overrides: Partial<ClaimedDocument> = {}): ClaimedDocument => ({
  documentId: 'doc-1',
  attempt: 1,
  maybeSent: false,
  recibo: null,
  reciboAt: null,
  tMed: null,
  lastCStat: null,
  lastError: null,
  localFailures: 0,
  chave: '35261158716523000119550010000000011003000000',
  ambiente: 'homologacao',
  productId: 'p',
  certificateId: 'cert-a',
  enqueuedAt: new Date(),
  ...overrides,
});

describe('localFailure', () => {
  it('retries with back-off, counting identical failures in a row', () => {
    const first = localFailure(claimed(), TOO_LARGE, 100);
    expect(first).toMatchObject({
      kind: 'later',
      localFailures: 1,
      notSent: true,
      error: TOO_LARGE,
    });
    if (first.kind !== 'later') return;
    expect(first.delayMs).toBeGreaterThanOrEqual(50);
    expect(first.delayMs).toBeLessThan(100);

    const again = localFailure(
      claimed({ attempt: 2, lastError: TOO_LARGE, localFailures: 1 }),
      TOO_LARGE,
      100,
    );
    expect(again).toMatchObject({ kind: 'later', localFailures: 2 });
  });

  it('starts again from one when the failure differs from the last error', () => {
    const other = localFailure(
      claimed({ attempt: 9, lastError: '108 Servico Paralisado', localFailures: 0 }),
      TOO_LARGE,
      100,
    );
    expect(other).toMatchObject({ kind: 'later', localFailures: 1 });
    const changed = localFailure(
      claimed({ attempt: 9, lastError: `${TOO_LARGE}!`, localFailures: MAX_LOCAL_FAILURES - 1 }),
      TOO_LARGE,
      100,
    );
    expect(changed).toMatchObject({ kind: 'later', localFailures: 1 });
  });

  it(`is final after ${MAX_LOCAL_FAILURES} identical failures: rejeitada with a code no cStat has`, () => {
    const result = localFailure(
      claimed({ attempt: 5, lastError: TOO_LARGE, localFailures: MAX_LOCAL_FAILURES - 1 }),
      TOO_LARGE,
      100,
    );
    expect(result).toEqual({
      kind: 'final',
      status: 'rejeitada',
      cStat: NOT_SENT_CODE,
      xMotivo: `Not sent to SEFAZ after ${MAX_LOCAL_FAILURES} identical failures: ${TOO_LARGE}`,
    });
    expect(NOT_SENT_CODE).not.toMatch(/^\d+$/);
    expect(NOT_SENT_CODE.length).toBeLessThanOrEqual(10);
  });

  it('compares with the error as stored: its first 500 characters', () => {
    const long = `${'é'.repeat(600)}`;
    const result = localFailure(
      claimed({ lastError: 'é'.repeat(500), localFailures: 3 }),
      long,
      100,
    );
    expect(result).toMatchObject({ kind: 'later', localFailures: 4 });
  });

  it('keeps a document that may have been sent to be consulted first', () => {
    const result = localFailure(claimed({ maybeSent: true }), TOO_LARGE, 100);
    expect(result).not.toHaveProperty('notSent');
  });
});
