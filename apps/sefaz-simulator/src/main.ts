#!/usr/bin/env -S node --max-semi-space-size=64
import { homedir } from 'node:os';
import { join } from 'node:path';

import { startEmbeddedPostgres } from './embedded-postgres.js';
import {
  csrtFromSecret,
  documentKnobsOf,
  KnobError,
  startSefazSimulator,
} from '@emissor/sefaz-simulator';

/**
 * `pnpm sefaz-simulator`: the local SEFAZ on its own.
 *
 * SEFAZ_SIMULATOR_PORT (default 8443), SEFAZ_SIMULATOR_HOST (127.0.0.1),
 * SEFAZ_SIMULATOR_DATABASE_URL or DATABASE_URL (else an embedded PostgreSQL in the data folder on
 * SEFAZ_SIMULATOR_PG_PORT, 5439), SEFAZ_SIMULATOR_SCHEMA (sefaz_simulator),
 * SEFAZ_SIMULATOR_DATA_DIR (~/.emissor/sefaz-simulator: the CA and server certificate),
 * SEFAZ_SIMULATOR_KNOBS (JSON: run knobs and `documents`; see README), SEFAZ_SIMULATOR_CSRT_ID and
 * SEFAZ_SIMULATOR_CSRT (the CSRT infRespTec's hashCSRT is checked against; a secret, never printed).
 */
async function main(): Promise<void> {
  const env = process.env;
  const port = Number(env.SEFAZ_SIMULATOR_PORT ?? '8443');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write('sefaz-simulator: SEFAZ_SIMULATOR_PORT must be a port number\n');
    process.exit(2);
  }
  let knobs: unknown = {};
  try {
    knobs = env.SEFAZ_SIMULATOR_KNOBS ? (JSON.parse(env.SEFAZ_SIMULATOR_KNOBS) as unknown) : {};
  } catch {
    process.stderr.write('sefaz-simulator: SEFAZ_SIMULATOR_KNOBS is not JSON\n');
    process.exit(2);
  }
  // The CSRT and its id go together: one alone would silently turn the 976/978 checks off.
  const csrtId = env.SEFAZ_SIMULATOR_CSRT_ID || undefined;
  const csrtSecret = env.SEFAZ_SIMULATOR_CSRT || undefined;
  if ((csrtId === undefined) !== (csrtSecret === undefined)) {
    process.stderr.write(
      'sefaz-simulator: SEFAZ_SIMULATOR_CSRT_ID and SEFAZ_SIMULATOR_CSRT go together: set both or neither\n',
    );
    process.exit(2);
  }
  const dataDir = env.SEFAZ_SIMULATOR_DATA_DIR ?? join(homedir(), '.emissor', 'sefaz-simulator');
  let databaseUrl = env.SEFAZ_SIMULATOR_DATABASE_URL ?? env.DATABASE_URL;
  let embedded: { url: string; stop(): Promise<void> } | undefined;
  if (!databaseUrl) {
    const pgPort = Number(env.SEFAZ_SIMULATOR_PG_PORT ?? '5439');
    try {
      embedded = await startEmbeddedPostgres(dataDir, pgPort);
    } catch (error) {
      process.stderr.write(
        `sefaz-simulator: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    }
    databaseUrl = embedded.url;
    process.stdout.write(
      `sefaz-simulator: embedded PostgreSQL in ${join(dataDir, 'postgres')} on port ${pgPort}\n`,
    );
  }
  try {
    const { documents: _documents, ...runKnobs } = knobs as Record<string, unknown>;
    const simulator = await startSefazSimulator({
      databaseUrl,
      port,
      host: env.SEFAZ_SIMULATOR_HOST ?? '127.0.0.1',
      dataDir,
      schema: env.SEFAZ_SIMULATOR_SCHEMA ?? 'sefaz_simulator',
      knobs: runKnobs,
      documents: documentKnobsOf(knobs),
      csrt:
        csrtId !== undefined && csrtSecret !== undefined
          ? csrtFromSecret(csrtId, csrtSecret)
          : undefined,
    });
    // One line each, stable: scripts and tests read them.
    process.stdout.write(`sefaz-simulator listening on ${simulator.url}\n`);
    process.stdout.write(`sefaz-simulator CA certificate: ${simulator.caPath}\n`);
    const stop = (): void => {
      simulator
        .close()
        .then(() => embedded?.stop())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    if (error instanceof KnobError) {
      process.stderr.write(`sefaz-simulator: SEFAZ_SIMULATOR_KNOBS: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
}

await main();
