import { describe, expect, it } from 'vitest';

import type { ClaimedDocument, ClaimedToSend } from './transmission-store.js';
import { gatherLeftMs, lotKeyOf, planReceipts, planSends } from './work-plan.js';

let next = 0;
function claimed(overrides: Partial<ClaimedToSend> = {}, bytes = 100): ClaimedToSend {
  next += 1;
  return {
    documentId: `doc-${next}`,
    attempt: 1,
    maybeSent: false,
    recibo: null,
    reciboAt: null,
    tMed: null,
    lastCStat: null,
    lastError: null,
    localFailures: 0,
    chave: `35${String(next).padStart(42, '0')}`,
    ambiente: 'homologacao',
    productId: 'p',
    xml: `<NFe>${'x'.repeat(bytes)}</NFe>`,
    certificateId: 'cert-a',
    enqueuedAt: new Date(),
    ...overrides,
  };
}

const ids = (plan: ClaimedDocument[][]) => plan.map((lot) => lot.map((d) => d.documentId));
const byCertificate = (d: ClaimedDocument) => d.certificateId ?? undefined;

describe('planSends', () => {
  it('puts the documents of one key in one lot, in claim order, and a lone one alone', () => {
    const a = [claimed(), claimed(), claimed()];
    const b = claimed({ certificateId: 'cert-b' });
    const plan = planSends([a[0]!, b, a[1]!, a[2]!], byCertificate);
    expect(ids(plan)).toEqual([a.map((d) => d.documentId), [b.documentId]]);
  });

  it('never puts more than 50 NF-e in a lot', () => {
    const documents = Array.from({ length: 120 }, () => claimed());
    expect(planSends(documents, byCertificate).map((lot) => lot.length)).toEqual([50, 50, 20]);
  });

  it('never lets a lot pass 500 KB', () => {
    const documents = Array.from({ length: 12 }, () => claimed({}, 100 * 1024));
    const plan = planSends(documents, byCertificate);
    expect(plan.map((lot) => lot.length)).toEqual([4, 4, 4]);
    expect(plan.flat()).toHaveLength(12);
  });

  it('sends a document without a key (no certificate) on its own', () => {
    const orphan = claimed({ certificateId: null });
    const plan = planSends([claimed(), orphan, claimed()], byCertificate);
    expect(plan.map((lot) => lot.length)).toEqual([2, 1]);
    expect(plan[1]).toEqual([orphan]);
  });
});

describe('planReceipts', () => {
  it('one poll per recibo, whatever the order the rows came in', () => {
    const r1 = [claimed({ recibo: '351000000000001' }), claimed({ recibo: '351000000000001' })];
    const r2 = claimed({ recibo: '351000000000002' });
    expect(ids(planReceipts([r1[0]!, r2, r1[1]!]))).toEqual([
      r1.map((d) => d.documentId),
      [r2.documentId],
    ]);
  });

  it('refuses a row without a recibo', () => {
    expect(() => planReceipts([claimed()])).toThrow(/recibo/);
  });
});

describe('lotKeyOf', () => {
  it('shares a lot within one product, certificate, UF, tpEmis and ambiente only', () => {
    const sp = claimed({ chave: `35${'1'.repeat(42)}` });
    const key = lotKeyOf(sp, 'cert-bytes');
    expect(lotKeyOf(claimed({ chave: `35${'1'.repeat(33)}${'2'.repeat(9)}` }), 'cert-bytes')).toBe(
      key,
    );
    // tpEmis 6 (the chave's 35th digit): an SVC-AN NF-e, sent to the SVC, not to SP's authoriser.
    const svc = `35${'1'.repeat(32)}6${'1'.repeat(9)}`;
    expect(lotKeyOf(claimed({ chave: svc }), 'cert-bytes')).not.toBe(key);
    expect(lotKeyOf(claimed({ chave: `33${'1'.repeat(42)}` }), 'cert-bytes')).not.toBe(key);
    expect(lotKeyOf(claimed({ ...sp, ambiente: 'producao' }), 'cert-bytes')).not.toBe(key);
    expect(lotKeyOf(claimed({ ...sp, productId: 'other' }), 'cert-bytes')).not.toBe(key);
    expect(lotKeyOf(sp, 'other-bytes')).not.toBe(key);
  });

  it('has no key without a certificate: the document goes alone', () => {
    expect(lotKeyOf(claimed(), undefined)).toBeUndefined();
  });
});

describe('gatherLeftMs', () => {
  it('claims at once after a quiet spell, then at most once per interval', () => {
    expect(gatherLeftMs(0, 250, 10_000)).toBe(0);
    expect(gatherLeftMs(10_000, 250, 10_100)).toBe(150);
    expect(gatherLeftMs(10_000, 250, 10_250)).toBe(0);
    expect(gatherLeftMs(10_000, 0, 10_000)).toBe(0);
  });
});
