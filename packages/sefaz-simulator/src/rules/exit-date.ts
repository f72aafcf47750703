import { text } from '../xml/dom.js';
import type { NfeView } from './nfe-view.js';
import { rejection, type Rejection } from './rejection.js';

/** How far dhSaiEnt may be from the authorisation, either way (B10-20, B10-30). */
const WINDOW_MS = 30 * 24 * 3_600_000;

/**
 * dhSaiEnt, when given: within 30 days of the authorisation either way (504, 505) and, for goods
 * leaving (tpNF 1), not before dhEmi (506).
 */
export function checkExitDate(nfe: NfeView, receivedAt: Date): Rejection | undefined {
  const exit = Date.parse(text(nfe.ide, 'dhSaiEnt') ?? '');
  if (Number.isNaN(exit)) return undefined;
  if (exit > receivedAt.getTime() + WINDOW_MS)
    return rejection('504', 'Rejeição: Data de Entrada/Saída posterior ao permitido');
  if (exit < receivedAt.getTime() - WINDOW_MS)
    return rejection('505', 'Rejeição: Data de Entrada/Saída anterior ao permitido');
  const issued = Date.parse(text(nfe.ide, 'dhEmi') ?? '');
  if (text(nfe.ide, 'tpNF') === '1' && exit < issued)
    return rejection('506', 'Rejeição: Data de Saída menor que a Data de Emissão');
  return undefined;
}
