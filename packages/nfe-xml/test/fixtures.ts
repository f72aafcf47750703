import { simplesNacionalItem, simplesNacionalRequest } from '@emissor/test-support';

import type { NfeItem, NfeRequest, NfeTributoLinha } from '../src/index.js';

export const RULE_ID = '00000000-0000-4000-8000-000000000000';

/** A tax line with neutral defaults; override what the case needs. */
export function line(tax_domain: string, fields: Partial<NfeTributoLinha> = {}): NfeTributoLinha {
  return {
    tax_domain,
    base_calc: '0',
    base_calc_percent: '100',
    valor: '0',
    rule_id: RULE_ID,
    ...fields,
  };
}

/** One item of 10 × 50 under Simples Nacional; override what the case needs. */
export function item(overrides: Partial<NfeItem> = {}): NfeItem {
  return { ...simplesNacionalItem(), ...overrides };
}

/** A minimal valid request: Simples Nacional emitter in SP, unidentified consumer, one item of 500.00. */
export function request(overrides: Partial<NfeRequest> = {}): NfeRequest {
  return { ...simplesNacionalRequest(), ...overrides };
}

/** The render parameters most tests use. */
export const PARAMS = {
  numero: 26,
  codigoNumerico: '00001030',
  issuedAt: new Date('2026-11-21T22:30:00Z'),
};
