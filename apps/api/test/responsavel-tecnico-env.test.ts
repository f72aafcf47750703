import { inspect } from 'node:util';

import { describe, expect, it } from 'vitest';

import { loadEnv } from '../src/env.js';
import { envRefusal } from './helpers/env-refusal.js';

// RESP_TEC_*: the responsável técnico every NF-e of the deployment carries (infRespTec), checked
// at start-up with the builder's rules; a bad value stops the API naming the variable, never
// showing the CSRT.

const RESP_TEC = {
  RESP_TEC_CNPJ: '11222333000181',
  RESP_TEC_CONTATO: 'Suporte Emissor',
  RESP_TEC_EMAIL: 'suporte@emissor.dev',
  RESP_TEC_FONE: '11987654321',
};
const SECRET = 'CSRT-SECRETO-0123456789';

describe('the responsável técnico from RESP_TEC_*', () => {
  it('is absent when no RESP_TEC_* is set', () => {
    expect(loadEnv({}).RESPONSAVEL_TECNICO).toBeUndefined();
  });

  it('is built from the four variables, with the CSRT when given', () => {
    const plain = loadEnv(RESP_TEC).RESPONSAVEL_TECNICO;
    expect(plain?.toJSON()).toEqual({
      cnpj: '11222333000181',
      contato: 'Suporte Emissor',
      email: 'suporte@emissor.dev',
      fone: '11987654321',
    });
    const env = loadEnv({ ...RESP_TEC, RESP_TEC_CSRT_ID: '01', RESP_TEC_CSRT: SECRET });
    expect(env.RESPONSAVEL_TECNICO?.csrtId).toBe('01');
    // The CSRT lives only inside the builder's object: not in the configuration, not shown.
    expect(JSON.stringify(env)).not.toContain(SECRET);
    expect(inspect(env, { depth: 10, showHidden: true })).not.toContain(SECRET);
    expect(Object.keys(env).filter((key) => key.startsWith('RESP_TEC_'))).toEqual([]);
  });

  it('needs all four once one is set, naming the missing ones', () => {
    const message = envRefusal({ RESP_TEC_CNPJ: RESP_TEC.RESP_TEC_CNPJ });
    for (const name of ['RESP_TEC_CONTATO', 'RESP_TEC_EMAIL', 'RESP_TEC_FONE'])
      expect(message).toContain(name);
    expect(envRefusal({ RESP_TEC_CSRT: SECRET })).not.toContain(SECRET);
  });

  it('refuses a bad value naming its variable, never echoing the CSRT', () => {
    expect(envRefusal({ ...RESP_TEC, RESP_TEC_CNPJ: '11222333000182' })).toMatch(
      /RESP_TEC_CNPJ: SEFAZ rejection 973/,
    );
    expect(envRefusal({ ...RESP_TEC, RESP_TEC_EMAIL: 'suporte' })).toContain('RESP_TEC_EMAIL');
    expect(envRefusal({ ...RESP_TEC, RESP_TEC_FONE: '(11) 98765-4321' })).toContain(
      'RESP_TEC_FONE',
    );
    expect(envRefusal({ ...RESP_TEC, RESP_TEC_CONTATO: 'X' })).toContain('RESP_TEC_CONTATO');
    const noId = envRefusal({ ...RESP_TEC, RESP_TEC_CSRT: SECRET });
    expect(noId).toContain('RESP_TEC_CSRT_ID');
    expect(noId).not.toContain(SECRET);
    const badId = envRefusal({ ...RESP_TEC, RESP_TEC_CSRT_ID: '1', RESP_TEC_CSRT: SECRET });
    expect(badId).toContain('RESP_TEC_CSRT_ID');
    expect(badId).not.toContain(SECRET);
    expect(envRefusal({ ...RESP_TEC, RESP_TEC_CSRT_ID: '01', RESP_TEC_CSRT: '   ' })).toContain(
      'RESP_TEC_CSRT:',
    );
  });
});
