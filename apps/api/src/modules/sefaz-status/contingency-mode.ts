import type { SefazStatusRead } from '@emissor/contract';
import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';
import { lastSvcPeriod } from '../contingency/contingency-periods.js';

type Mode = Pick<SefazStatusRead, 'modo' | 'modo_desde' | 'modo_motivo'>;

/**
 * A UF's mode as the status route tells it, from the period table every process shares (not this
 * process's cached book): in SVC since its period opened, or normal since the last one closed.
 */
export async function modeOf(db: Kysely<Database>, uf: string, ambiente: string): Promise<Mode> {
  const last = await lastSvcPeriod(db, { uf, ambiente });
  if (!last) return { modo: 'normal', modo_desde: null, modo_motivo: null };
  if (last.endedAt)
    return { modo: 'normal', modo_desde: last.endedAt.toISOString(), modo_motivo: null };
  return {
    modo: last.tpEmis === '6' ? 'svc-an' : 'svc-rs',
    modo_desde: last.startedAt.toISOString(),
    modo_motivo: last.justification,
  };
}
