import { describe, expect, it } from 'vitest';

import { EnvError, loadEnv } from '../src/env.js';

// Everything production requires but SEFAZ, so each refusal below is SEFAZ's.
const production = {
  NODE_ENV: 'production',
  EMISSOR_MASTER_KEY: 'x'.repeat(32),
  DATABASE_URL: 'postgres://emissor@db.example/emissor',
} as const;

describe('SEFAZ configuration (docs/api-rules.md "Transmission to SEFAZ")', () => {
  it('defaults to the local SEFAZ outside production', () => {
    expect(loadEnv({}).SEFAZ).toBe('simulator');
    expect(loadEnv({ NODE_ENV: 'test' }).SEFAZ).toBe('simulator');
  });

  it('demands an explicit official or off in production and refuses simulator there', () => {
    expect(() => loadEnv(production)).toThrow(EnvError);
    expect(() => loadEnv(production)).toThrow(/SEFAZ/);
    expect(() => loadEnv({ ...production, SEFAZ: 'simulator' })).toThrow(/SEFAZ/);
    expect(loadEnv({ ...production, SEFAZ: 'official' }).SEFAZ).toBe('official');
    expect(loadEnv({ ...production, SEFAZ: 'off' }).SEFAZ).toBe('off');
  });

  it('refuses unknown modes and a SEFAZ_URL that is not a URL, without echoing the value', () => {
    expect(() => loadEnv({ SEFAZ: 'prod' })).toThrow(EnvError);
    let message = '';
    try {
      loadEnv({ SEFAZ_URL: 'not a url secret-ish' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('SEFAZ_URL');
    expect(message).not.toContain('secret-ish');
  });
});
