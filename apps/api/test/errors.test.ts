import { ERROR_CODE_DESCRIPTIONS, ErrorCodeSchema } from '@emissor/contract';
import { describe, expect, it } from 'vitest';

import { appError } from '../src/errors.js';

describe('appError', () => {
  it('sends every code with the status of the contract’s error table', () => {
    const raisedByHandlers = ErrorCodeSchema.options.filter(
      // Answered by Node's HTTP parser hook (client-error.ts) before any handler runs.
      (code) => !['request_header_fields_too_large', 'request_timeout'].includes(code),
    );
    for (const code of raisedByHandlers) {
      const error = appError(code, 'm', { 'Retry-After': '1' });
      expect(error.status).toBe(ERROR_CODE_DESCRIPTIONS[code].status);
      expect(error.toBody()).toEqual({ detail: { code, message: 'm' } });
      expect(error.headers).toEqual({ 'Retry-After': '1' });
    }
  });

  it('refuses a code whose table status no handler may send', () => {
    expect(() => appError('request_timeout', 'm')).toThrow(/status/);
  });
});
