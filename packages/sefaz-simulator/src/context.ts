import type pg from 'pg';

import type { Knobs } from './knobs.js';
import type { KnownCsrt } from './rules/csrt.js';

/** What every request shares: the database and the run's knobs. */
export interface SimulatorState {
  readonly pool: pg.Pool;
  /** The PostgreSQL schema of the simulator's tables, already validated. */
  readonly schema: string;
  knobs: Knobs;
  /** SOAP requests this process received per service, for `GET /admin/stats` (tests count calls). */
  readonly requests: Record<string, number>;
  /** The CSRT whose idCSRT and hashCSRT notes are checked against, when one was given. */
  readonly csrt?: KnownCsrt | undefined;
  /** The UFs (cUF) whose SVC an outage switched on since the start (svc/activation.ts). */
  readonly svcActivations: Set<string>;
}

/** Where a request arrived: UF's own authoriser (`${url}/…`) or the SVC (`${url}/svc/…`). */
export type Venue = 'authoriser' | 'svc';

/** One SOAP request: who sent it (the TLS client certificate's CNPJ), when it arrived, its body. */
export interface RequestContext {
  readonly state: SimulatorState;
  /** The request body as received; the offsets of the parsed message's elements count in it. */
  readonly body: string;
  readonly clientCnpj: string;
  readonly receivedAt: Date;
  readonly venue: Venue;
  /**
   * The status (108/109) an outage of the request's authoriser answers with, when one covers it
   * (set by the server once the message is read; never at the SVC).
   */
  readonly outage?: '108' | '109' | undefined;
}

/** A service's answer: the message root for `nfeResultMsg`, or a processed request whose answer is lost. */
export interface ServiceAnswer {
  readonly message: string;
  readonly dropAnswer?: boolean;
}
