import { simulatorAdmin } from './local-sefaz.js';
import { startTestServer, type TestServer, type TestServerOptions } from './server.js';

export interface SimulatorServer extends TestServer {
  /** The local SEFAZ the server started in-process and sends to. */
  sefazSimulator: NonNullable<TestServer['sefazSimulator']>;
  /** Its admin routes: knobs and forced outcomes. */
  admin: ReturnType<typeof simulatorAdmin>;
}

/**
 * startTestServer transmitting to a local SEFAZ it starts in-process, polling and retrying every
 * 50 ms so that a document is final within a test; `options.env` adds or overrides variables.
 */
export async function startSimulatorServer(
  options: TestServerOptions = {},
): Promise<SimulatorServer> {
  const server = await startTestServer({
    ...options,
    env: { SEFAZ: 'simulator', SEFAZ_POLL_MS: '50', SEFAZ_RETRY_BASE_MS: '50', ...options.env },
  });
  const simulator = server.sefazSimulator;
  if (!simulator) {
    await server.close();
    throw new Error('SEFAZ=simulator started no local SEFAZ');
  }
  return { ...server, sefazSimulator: simulator, admin: simulatorAdmin(simulator) };
}
