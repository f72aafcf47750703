import type { InutilizacaoRequest } from '@emissor/contract';
import { MAX_INUTILIZACAO_NUMBERS } from '@emissor/sefaz';

import type { Env } from '../../env.js';
import type { ValidationIssue } from '../../errors.js';
import { ambienteNotServed } from '../transmission/served-ambientes.js';

/**
 * The fields of an inutilização that SEFAZ would refuse whatever the series holds: more numbers
 * than one request may void (201), an ambiente the configured SEFAZ does not serve (252). Such a
 * request is a 422 before anything is stored, never a record bound to end `rejeitada`. With SEFAZ
 * off nothing is sent at all, which the route's 409 `sefaz_disabled` says, not a 422 on ambiente.
 */
export function knownSefazRefusals(
  request: InutilizacaoRequest,
  sefaz: Env['SEFAZ'],
): ValidationIssue[] {
  return [...tooManyNumbers(request), ...ambienteNotServed(request.ambiente, sefaz)];
}

function tooManyNumbers({ numero_inicial: first, numero_final: last }: InutilizacaoRequest) {
  const highest = first + MAX_INUTILIZACAO_NUMBERS - 1;
  if (last <= highest) return [];
  return [
    {
      loc: ['body', 'numero_final'],
      msg: `Input should be less than or equal to ${highest}: one inutilização voids at most ${MAX_INUTILIZACAO_NUMBERS} numbers and ${first}–${last} holds ${last - first + 1}`,
      type: 'less_than_equal',
      input: last,
      ctx: { le: highest },
    },
  ];
}
