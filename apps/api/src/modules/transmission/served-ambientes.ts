import type { Ambiente } from '@emissor/contract';

import type { Env } from '../../env.js';
import type { ValidationIssue } from '../../errors.js';

/**
 * The ambientes the configured SEFAZ answers for. The local SEFAZ is a homologação authoriser (it
 * refuses produção with 252); the official authorisers serve both; with SEFAZ off nothing is sent.
 */
export function servedAmbientes(sefaz: Env['SEFAZ']): readonly Ambiente[] {
  switch (sefaz) {
    case 'simulator':
      return ['homologacao'];
    case 'official':
      return ['homologacao', 'producao'];
    case 'off':
      return [];
  }
}

/**
 * The 422 for a request whose `ambiente` the configured SEFAZ would refuse (252), so nothing is
 * numbered, stored or sent that could only end `rejeitada`. Empty when it is served, and with
 * SEFAZ off, where nothing is sent at all.
 */
export function ambienteNotServed(ambiente: Ambiente, sefaz: Env['SEFAZ']): ValidationIssue[] {
  if (sefaz === 'off') return [];
  const served = servedAmbientes(sefaz);
  if (served.includes(ambiente)) return [];
  const where = sefaz === 'simulator' ? 'SEFAZ=simulator (the local SEFAZ)' : `SEFAZ=${sefaz}`;
  return [
    {
      loc: ['body', 'ambiente'],
      msg: `Input should be ${served.map((a) => `'${a}'`).join(' or ')}: ${where} serves ${served.join(' and ')} only`,
      type: 'literal_error',
      input: ambiente,
      ctx: { expected: served.map((a) => JSON.stringify(a)).join(' or ') },
    },
  ];
}
