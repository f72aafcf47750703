export { startSefazSimulator } from './server.js';
export { DEFAULT_KNOBS, KnobError, documentKnobsOf, mergeKnobs } from './knobs.js';

export type { RunningSimulator, SimulatorOptions } from './server.js';
export type { DocumentKnob, Knobs } from './knobs.js';
