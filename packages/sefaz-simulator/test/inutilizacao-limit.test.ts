import { MAX_INUTILIZACAO_NUMBERS } from '@emissor/sefaz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSimulator } from '../src/server.js';
import type { Company } from './helpers/companies.js';
import { company } from './helpers/companies.js';
import { createTestDatabase } from './helpers/database.js';
import { signedInutNFe } from './helpers/messages.js';
import { SimulatorSession } from './helpers/sefaz-session.js';
import { startTestSimulator } from './helpers/simulator.js';
import { field } from './helpers/soap-call.js';

// The local SEFAZ refuses a range larger than the limit the API checks before sending (201): both
// read it from @emissor/sefaz, so an inutilização the API lets through is never refused for size.
let simulator: RunningSimulator;
let session: SimulatorSession;
let acme: Company;

beforeAll(async () => {
  simulator = await startTestSimulator(await createTestDatabase());
  session = new SimulatorSession(simulator);
  acme = company('58716523000119');
});

afterAll(async () => {
  session?.close();
  await simulator?.close();
});

const voidRange = async (first: number, last: number) =>
  field(
    (await session.send(acme, 'NFeInutilizacao4', signedInutNFe(acme, { serie: 9, first, last })))
      .message,
    'cStat',
  );

describe('NFeInutilizacao4 range limit', () => {
  it(`${MAX_INUTILIZACAO_NUMBERS + 1} numbers → 201 and nothing voided; ${MAX_INUTILIZACAO_NUMBERS} → 102`, async () => {
    expect(await voidRange(1, MAX_INUTILIZACAO_NUMBERS + 1)).toBe('201');
    expect(await voidRange(1, MAX_INUTILIZACAO_NUMBERS)).toBe('102');
  });
});
