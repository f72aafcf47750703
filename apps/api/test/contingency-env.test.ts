import { describe, expect, it } from 'vitest';

import { loadEnv } from '../src/env.js';
import { envRefusal } from './helpers/env-refusal.js';

// SEFAZ_CONTINGENCY, SEFAZ_CONTINGENCY_AFTER_S and SEFAZ_SVC_URL: a bad value stops the API at
// start-up naming the variable.
describe('the contingency settings', () => {
  it('default to auto after 60 s, with the SVCs of the endpoint table', () => {
    const env = loadEnv({});
    expect(env.SEFAZ_CONTINGENCY).toBe('auto');
    expect(env.SEFAZ_CONTINGENCY_AFTER_S).toBe(60);
    expect(env.SEFAZ_SVC_URL).toBeUndefined();
  });

  it('are read when given', () => {
    const env = loadEnv({
      SEFAZ_CONTINGENCY: 'off',
      SEFAZ_CONTINGENCY_AFTER_S: '5',
      SEFAZ_SVC_URL: 'https://svc.example:8443/ws',
    });
    expect(env).toMatchObject({
      SEFAZ_CONTINGENCY: 'off',
      SEFAZ_CONTINGENCY_AFTER_S: 5,
      SEFAZ_SVC_URL: 'https://svc.example:8443/ws',
    });
  });

  it.each([
    [{ SEFAZ_CONTINGENCY: 'sometimes' }, 'SEFAZ_CONTINGENCY'],
    [{ SEFAZ_CONTINGENCY_AFTER_S: '0' }, 'SEFAZ_CONTINGENCY_AFTER_S'],
    [{ SEFAZ_CONTINGENCY_AFTER_S: 'soon' }, 'SEFAZ_CONTINGENCY_AFTER_S'],
    [{ SEFAZ_SVC_URL: 'not a url' }, 'SEFAZ_SVC_URL'],
  ])('refuse %j, naming the variable', (env, name) => {
    expect(envRefusal(env)).toContain(name);
  });
});
