import type { Env } from '../env.js';
import { appError } from '../errors.js';

/** Events and inutilizações exist only at SEFAZ: with SEFAZ=off they are refused (decisions.md). */
export function requireSefaz(env: Pick<Env, 'SEFAZ'>): void {
  if (env.SEFAZ === 'off')
    throw appError(
      'sefaz_disabled',
      'Transmission to SEFAZ is off (SEFAZ=off); events and inutilizações cannot be sent.',
    );
}
