/** A knob the simulator refuses (bad JSON shape or value); its message says what is expected. */
export class KnobError extends Error {}
