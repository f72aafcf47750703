import { KnobError } from './knob-error.js';
import type { Outage } from './outage-knob.js';
import { parseOutage } from './outage-knob.js';

export { KnobError } from './knob-error.js';
export type { Outage, OutageAnswer } from './outage-knob.js';

/**
 * Behaviour knobs for tests and demos. Run-level knobs live in the process (set by configuration
 * at start and changed by `PUT /admin/knobs`); per-document ones live in PostgreSQL (set by
 * configuration or `PUT /admin/documents/{chave}`), so every simulator on a database sees them.
 */
export interface Knobs {
  /** Milliseconds added before every SOAP answer. */
  latencyMs: number;
  /** How many NFeRetAutorizacao4 queries of a lot answer 105 (em processamento) before 104. */
  pendingPolls: number;
  /** Answer single-note `indSinc=1` lots with 103 and a receipt, as SEFAZ-SP did. */
  syncAnsweredAsync: boolean;
  /**
   * While set, the authorisers it names (`ufs`, default all) answer every service with its cStat
   * (108 or 109), or not at all (`noAnswer`), until `until` (ISO) if given; with `svc` (default
   * true) their SVC authorises meanwhile. Never applies to the SVC (`/svc/`).
   */
  outage: Outage | null;
  /** The next N NFeAutorizacao4 requests are processed but their answer is dropped (connection reset). */
  dropAnswers: number;
  /** The same for the next N NFeRecepcaoEvento4 requests: events registered, answer lost. */
  dropEventoAnswers: number;
  /** The same for the next N NFeInutilizacao4 requests: range judged (and voided), answer lost. */
  dropInutilizacaoAnswers: number;
  /** Hours after authorisation a cancellation is still accepted (24 for model 55). */
  cancelDeadlineHours: number;
  /** After the deadline: reject with 501, or register with 155 (cancelamento fora de prazo). */
  lateCancellation: 'reject' | 'accept';
}

export const DEFAULT_KNOBS: Knobs = {
  latencyMs: 0,
  pendingPolls: 0,
  syncAnsweredAsync: false,
  outage: null,
  dropAnswers: 0,
  dropEventoAnswers: 0,
  dropInutilizacaoAnswers: 0,
  cancelDeadlineHours: 24,
  lateCancellation: 'reject',
};

/** A forced outcome for one chave. */
export interface DocumentKnob {
  /** reject: answer `cStat`/`xMotivo` (default 999); deny: authorise as denied (default 302); drop_answer: authorise, then reset the connection once. */
  readonly action: 'reject' | 'deny' | 'drop_answer';
  readonly cStat?: string;
  readonly xMotivo?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function nonNegativeInteger(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 86_400_000)
    throw new KnobError(`${name} must be a non-negative integer`);
  return value;
}

/** Applies a partial set of run knobs (JSON from the environment or the admin route) to `base`. */
export function mergeKnobs(base: Knobs, input: unknown): Knobs {
  if (!isRecord(input)) throw new KnobError('knobs must be a JSON object');
  const next: Knobs = { ...base };
  for (const [key, value] of Object.entries(input)) {
    switch (key) {
      case 'latencyMs':
      case 'pendingPolls':
      case 'dropAnswers':
      case 'dropEventoAnswers':
      case 'dropInutilizacaoAnswers':
      case 'cancelDeadlineHours':
        next[key] = nonNegativeInteger(value, key);
        break;
      case 'syncAnsweredAsync':
        if (typeof value !== 'boolean') throw new KnobError('syncAnsweredAsync must be a boolean');
        next.syncAnsweredAsync = value;
        break;
      case 'lateCancellation':
        if (value !== 'reject' && value !== 'accept')
          throw new KnobError("lateCancellation must be 'reject' or 'accept'");
        next.lateCancellation = value;
        break;
      case 'outage':
        next.outage = parseOutage(value);
        break;
      case 'documents':
        break; // per-document knobs are stored by the caller
      default:
        throw new KnobError(`unknown knob: ${key}`);
    }
  }
  return next;
}

/** Validates one per-document knob. */
export function parseDocumentKnob(input: unknown): DocumentKnob {
  if (!isRecord(input)) throw new KnobError('a document knob must be a JSON object');
  const { action, cStat, xMotivo } = input;
  if (action !== 'reject' && action !== 'deny' && action !== 'drop_answer')
    throw new KnobError("action must be 'reject', 'deny' or 'drop_answer'");
  if (cStat !== undefined && (typeof cStat !== 'string' || !/^[0-9]{3}$/.test(cStat)))
    throw new KnobError('cStat must be 3 digits');
  if (
    xMotivo !== undefined &&
    (typeof xMotivo !== 'string' || xMotivo.length < 1 || xMotivo.length > 255)
  )
    throw new KnobError('xMotivo must be 1 to 255 characters');
  return { action, cStat, xMotivo };
}

/** The per-document knobs of a configuration object (`{ documents: { [chave]: knob } }`). */
export function documentKnobsOf(input: unknown): Map<string, DocumentKnob> {
  const out = new Map<string, DocumentKnob>();
  if (!isRecord(input) || input.documents === undefined) return out;
  if (!isRecord(input.documents)) throw new KnobError('documents must be an object keyed by chave');
  for (const [chave, knob] of Object.entries(input.documents)) {
    if (!/^[0-9]{44}$/.test(chave)) throw new KnobError(`not a chave: ${chave}`);
    out.set(chave, parseDocumentKnob(knob));
  }
  return out;
}
