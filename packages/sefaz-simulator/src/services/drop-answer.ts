import type { SimulatorState } from '../context.js';

/** The run knobs that drop the answers of the next N requests of one service. */
export type DropKnob = 'dropAnswers' | 'dropEventoAnswers' | 'dropInutilizacaoAnswers';

/**
 * Takes one from a "drop the next N answers" knob: true (and one fewer) while it is above zero.
 * The caller has processed and recorded the request; the client only never hears back, which is
 * the unknown outcome a real network gives (sefaz.md §8).
 */
export function takeDrop(state: SimulatorState, knob: DropKnob): boolean {
  if (state.knobs[knob] <= 0) return false;
  // A new object, as the admin route replaces the knobs: readers of the old one are unaffected.
  state.knobs = { ...state.knobs };
  state.knobs[knob] -= 1;
  return true;
}
