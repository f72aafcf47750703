import type pg from 'pg';

import type { SigningPool } from '../../signing/signing-pool.js';
import { createEmissionEngine, type EngineOptions } from './emission-engine.js';
import type { EmissionEngine } from './emission-job.js';
import { emissionTargets, type EmissionTargets } from './emission-target.js';
import { createIdempotencyDoor, type IdempotencyDoor } from './idempotency-door.js';
import { createPgDocumentStore, type DocumentStoreOptions } from './pg-document-store.js';
import { signJobsWith, type ContingencyOf } from './sign-job.js';

/**
 * The emission machinery of one process: the lookup of what a request is aimed at, the door
 * requests pass and the engine behind it.
 */
export interface Emissions {
  targets: EmissionTargets;
  door: IdempotencyDoor;
  engine: EmissionEngine;
}

/** Wires the engine to its real ports: the signing pool and the PostgreSQL document store. */
export function createEmissions(
  pool: pg.Pool,
  signing: SigningPool,
  options: EngineOptions = {},
  storeOptions: DocumentStoreOptions = {},
  contingencyOf?: ContingencyOf,
): Emissions {
  return {
    targets: emissionTargets(pool),
    door: createIdempotencyDoor(),
    engine: createEmissionEngine(
      {
        sign: signJobsWith(signing, contingencyOf),
        store: createPgDocumentStore(pool, storeOptions),
      },
      options,
    ),
  };
}
