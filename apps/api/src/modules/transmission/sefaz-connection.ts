import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { SefazClient } from '@emissor/sefaz';

import type { Env } from '../../env.js';
import type { Logger } from '../../logging/logger.js';

/** Where this process sends documents, and the client that talks to it. */
export interface SefazConnection {
  client: SefazClient;
  /** Every service goes under this URL; undefined: each UF's authoriser from the endpoint table. */
  override: string | undefined;
  /** The same for the SVCs (SEFAZ_SVC_URL, or the local SEFAZ's SVC); undefined: the table's. */
  svcOverride: string | undefined;
  /** The in-process local SEFAZ, when this process started one. */
  simulator?: { url: string; svcUrl: string; caPem: string; caPath: string };
  close(): Promise<void>;
}

/**
 * `SEFAZ=simulator` without `SEFAZ_URL` starts the local SEFAZ in this process (its state in the
 * API's database, its CA and server certificate in EMISSOR_DATA_DIR) and trusts its CA; with
 * `SEFAZ_URL` the simulator is already running elsewhere (the primary of a cluster started it).
 * `SEFAZ_CA_FILE` adds CAs in every mode; server verification is never turned off.
 */
export async function openSefazConnection(
  env: Env,
  databaseUrl: string,
  logger: Logger,
): Promise<SefazConnection> {
  const extraCaPem = env.SEFAZ_CA_FILE ? [readFileSync(env.SEFAZ_CA_FILE, 'utf8')] : [];
  // As many connections per certificate as exchanges in flight: a lot's send and the polls of other
  // lots of the same company must not queue behind each other for a socket.
  const maxSocketsPerHost = env.SEFAZ_CONCURRENCY;
  if (env.SEFAZ === 'simulator' && !env.SEFAZ_URL) {
    const simulator = await startLocalSefaz(env, databaseUrl);
    logger.info({ sefaz_url: simulator.url, ca: simulator.caPath }, 'local SEFAZ started');
    const client = new SefazClient({
      extraCaPem: [...extraCaPem, simulator.caPem],
      maxSocketsPerHost,
    });
    return {
      client,
      override: simulator.url,
      svcOverride: env.SEFAZ_SVC_URL ?? simulator.svcUrl,
      simulator,
      async close() {
        client.close();
        await simulator.close();
      },
    };
  }
  const client = new SefazClient({ extraCaPem, maxSocketsPerHost });
  return {
    client,
    override: env.SEFAZ_URL,
    svcOverride: env.SEFAZ_SVC_URL,
    close() {
      client.close();
      return Promise.resolve();
    },
  };
}

/** The project's local SEFAZ (homologação only), on a free loopback port. */
export async function startLocalSefaz(env: Env, databaseUrl: string) {
  // Imported only here: production processes (SEFAZ=official/off) never load the simulator.
  const { startSefazSimulator, csrtOfResponsavelTecnico } =
    await import('@emissor/sefaz-simulator');
  return startSefazSimulator({
    databaseUrl,
    dataDir: join(env.EMISSOR_DATA_DIR, 'sefaz-simulator'),
    port: 0,
    // The local SEFAZ knows the deployment's CSRT (RESP_TEC_CSRT*) as the state's register would,
    // and checks each hashCSRT against it; the CSRT itself never leaves ResponsavelTecnico.
    csrt: csrtOfResponsavelTecnico(env.RESPONSAVEL_TECNICO),
  });
}
