import { describe, expect, it } from 'vitest';

import { CANCELLATION_DEADLINE_MS, judgeEvent, type EventSubject } from './event-rules.js';

const now = new Date('2026-11-26T12:00:00Z');
const authorised = (overrides: Partial<EventSubject> = {}): EventSubject => ({
  status: 'autorizada',
  autorizadaEm: new Date(now.getTime() - 3_600_000),
  liveEvents: [],
  ...overrides,
});
const codeOf = (verdict: ReturnType<typeof judgeEvent>) =>
  'refusal' in verdict ? verdict.refusal.code : undefined;

describe('event rules', () => {
  it('a cancellation of an autorizada document within 24 h is nSeqEvento 1', () => {
    expect(judgeEvent('cancelamento', authorised(), now, { sendLate: false })).toEqual({
      sequencia: 1,
    });
  });

  it.each(['processando', 'rejeitada', 'denegada', 'cancelada', 'assinada'])(
    'refuses to cancel or correct a document that is %s',
    (status) => {
      const subject = authorised({ status });
      expect(codeOf(judgeEvent('cancelamento', subject, now, { sendLate: false }))).toBe(
        'document_not_cancellable',
      );
      expect(codeOf(judgeEvent('carta_correcao', subject, now, { sendLate: false }))).toBe(
        'document_not_correctable',
      );
    },
  );

  it('refuses a second cancellation, and CC-e once a cancellation is in progress', () => {
    const subject = authorised({ liveEvents: [{ tipo: 'cancelamento', sequencia: 1 }] });
    expect(codeOf(judgeEvent('cancelamento', subject, now, { sendLate: false }))).toBe(
      'document_not_cancellable',
    );
    expect(codeOf(judgeEvent('carta_correcao', subject, now, { sendLate: false }))).toBe(
      'document_not_correctable',
    );
  });

  it('refuses a cancellation past 24 h unless late ones are sent', () => {
    const subject = authorised({
      autorizadaEm: new Date(now.getTime() - CANCELLATION_DEADLINE_MS - 1000),
    });
    expect(codeOf(judgeEvent('cancelamento', subject, now, { sendLate: false }))).toBe(
      'cancellation_deadline_passed',
    );
    expect(judgeEvent('cancelamento', subject, now, { sendLate: true })).toEqual({ sequencia: 1 });
    const justInTime = authorised({
      autorizadaEm: new Date(now.getTime() - CANCELLATION_DEADLINE_MS),
    });
    expect(judgeEvent('cancelamento', justInTime, now, { sendLate: false })).toEqual({
      sequencia: 1,
    });
  });

  it('numbers CC-e after the last live one, up to 20', () => {
    const letters = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ tipo: 'carta_correcao' as const, sequencia: i + 1 }));
    expect(judgeEvent('carta_correcao', authorised(), now, { sendLate: false })).toEqual({
      sequencia: 1,
    });
    expect(
      judgeEvent('carta_correcao', authorised({ liveEvents: letters(19) }), now, {
        sendLate: false,
      }),
    ).toEqual({ sequencia: 20 });
    expect(
      codeOf(
        judgeEvent('carta_correcao', authorised({ liveEvents: letters(20) }), now, {
          sendLate: false,
        }),
      ),
    ).toBe('correction_limit_reached');
  });
});
