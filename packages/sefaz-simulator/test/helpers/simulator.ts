import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { RunningSimulator, SimulatorOptions } from '../../src/server.js';
import { startSefazSimulator } from '../../src/server.js';

/**
 * The local SEFAZ started in this test process, as the API starts it: a free loopback port, a fresh
 * data folder for its CA, its state in `databaseUrl`. Clients reach it over real mutual TLS.
 */
export function startTestSimulator(
  databaseUrl: string,
  options: Omit<SimulatorOptions, 'databaseUrl' | 'dataDir'> = {},
): Promise<RunningSimulator> {
  return startSefazSimulator({
    databaseUrl,
    dataDir: mkdtempSync(join(tmpdir(), 'sefaz-simulator-test-')),
    port: 0,
    ...options,
  });
}
