import type { Uf } from '@emissor/sefaz';
import { isUf } from '@emissor/sefaz';

import { KnobError } from './knob-error.js';

/**
 * How the authorisers in an outage answer: every service with a status (108 short, 109 without
 * forecast), or not at all (`noAnswer`: the connection is closed before the request is processed,
 * as a server that is down or unreachable behind its balancer leaves a client).
 */
export type OutageAnswer =
  | { readonly cStat: '108' | '109'; readonly noAnswer?: never }
  | { readonly noAnswer: true; readonly cStat?: never };

/** The `outage` run knob as kept (and as `GET /admin/knobs` shows it). */
export type Outage = OutageAnswer & {
  /** ISO instant the window ends; null: until the knob changes. */
  readonly until: string | null;
  /**
   * The UFs whose authorisers are down; null: every authoriser. A virtual authoriser down is down
   * for every UF it serves (`["RJ"]` stops SVRS, so SC, ES, … too), as a real one would be.
   */
  readonly ufs: readonly Uf[] | null;
  /**
   * Whether the origin SEFAZ switched its SVC on for the UFs down (`/svc/` then authorises).
   * False unless asked: SEFAZ switches an SVC on by hand, for some outages only, so an outage alone
   * leaves documents waiting for the authoriser, as most real ones do.
   */
  readonly svc: boolean;
};

const SHAPE =
  "outage must be null or { cStat: '108' | '109' } or { noAnswer: true }, with optional seconds, ufs and svc";
const FIELDS = new Set(['cStat', 'noAnswer', 'seconds', 'ufs', 'svc']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Validates the `outage` run knob (JSON of the environment or the admin route) at `now`. */
export function parseOutage(value: unknown, now: Date = new Date()): Outage | null {
  if (value === null) return null;
  if (!isRecord(value)) throw new KnobError(SHAPE);
  const unknown = Object.keys(value).find((key) => !FIELDS.has(key));
  if (unknown !== undefined) throw new KnobError(`unknown outage field: ${unknown} (${SHAPE})`);
  const common = {
    until: untilOf(value.seconds, now),
    ufs: ufsOf(value.ufs),
    svc: svcOf(value.svc),
  };
  return { ...answerOf(value), ...common };
}

function answerOf(value: Record<string, unknown>): OutageAnswer {
  const { cStat, noAnswer } = value;
  if (cStat !== undefined && noAnswer !== undefined)
    throw new KnobError('outage takes cStat or noAnswer, not both');
  if (noAnswer !== undefined) {
    if (noAnswer !== true) throw new KnobError('outage.noAnswer must be true (or give cStat)');
    return { noAnswer: true };
  }
  if (cStat === '108' || cStat === '109') return { cStat };
  throw new KnobError(SHAPE);
}

function untilOf(seconds: unknown, now: Date): string | null {
  if (seconds === undefined) return null;
  if (
    typeof seconds !== 'number' ||
    !Number.isInteger(seconds) ||
    seconds < 0 ||
    seconds > 86_400_000
  )
    throw new KnobError('outage.seconds must be a non-negative integer');
  return new Date(now.getTime() + seconds * 1000).toISOString();
}

function ufsOf(ufs: unknown): readonly Uf[] | null {
  if (ufs === undefined) return null;
  if (!Array.isArray(ufs) || ufs.length === 0)
    throw new KnobError('outage.ufs must be a non-empty list of UFs, e.g. ["SP"]');
  for (const uf of ufs)
    if (typeof uf !== 'string' || !isUf(uf))
      throw new KnobError(`outage.ufs: not a UF: ${JSON.stringify(uf)} (two capitals, e.g. "SP")`);
  return [...new Set(ufs as Uf[])];
}

function svcOf(svc: unknown): boolean {
  if (svc === undefined) return false;
  if (typeof svc !== 'boolean') throw new KnobError('outage.svc must be a boolean');
  return svc;
}
