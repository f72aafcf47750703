export { startSefazSimulator } from './server.js';
export { DEFAULT_KNOBS, KnobError, documentKnobsOf, mergeKnobs } from './knobs.js';
export { csrtFromSecret, csrtOfResponsavelTecnico } from './rules/csrt.js';

export type { RunningSimulator, SimulatorOptions } from './server.js';
export type { DocumentKnob, Knobs, Outage, OutageAnswer } from './knobs.js';
export type { CsrtHolder, KnownCsrt } from './rules/csrt.js';
