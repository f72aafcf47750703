import type { SefazService } from '@emissor/sefaz';
import { buildProcInutNFe } from '@emissor/sefaz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSimulator } from '../src/server.js';
import type { Company } from './helpers/companies.js';
import { company } from './helpers/companies.js';
import { createTestDatabase } from './helpers/database.js';
import { enviNFe, signedNfe } from './helpers/documents.js';
import { consStatServ, signedInutNFe } from './helpers/messages.js';
import { SimulatorSession } from './helpers/sefaz-session.js';
import { startTestSimulator } from './helpers/simulator.js';
import { field } from './helpers/soap-call.js';
import { xmllintErrors } from './helpers/xsd.js';

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

const call = (service: SefazService, message: string) => session.send(acme, service, message);

describe('NFeInutilizacao4', () => {
  it('voids an unused range (102) whose procInutNFe validates; then 563, 256 and 241 for used numbers', async () => {
    const request = signedInutNFe(acme, { serie: 1, first: 50, last: 60 });
    const answer = await call('NFeInutilizacao4', request);
    expect(xmllintErrors(answer.message, 'retInutNFe')).toBe('');
    expect(field(answer.message, 'cStat')).toBe('102');
    expect(field(answer.message, 'nProt')).toMatch(/^135\d{12}$/);
    const proc = buildProcInutNFe(request, answer.message);
    expect(xmllintErrors(proc, 'procInutNFe')).toBe('');

    expect(field((await call('NFeInutilizacao4', request)).message, 'cStat')).toBe('563');
    const overlapping = signedInutNFe(acme, { serie: 1, first: 55, last: 70 });
    expect(field((await call('NFeInutilizacao4', overlapping)).message, 'cStat')).toBe('256');

    const note = signedNfe(acme, { numero: 80 });
    const sent = await call('NFeAutorizacao4', enviNFe([note.xml], '1'));
    expect(sent.message).toContain('<cStat>100</cStat>');
    const used = signedInutNFe(acme, { serie: 1, first: 75, last: 85 });
    expect(field((await call('NFeInutilizacao4', used)).message, 'cStat')).toBe('241');

    const voidedNote = signedNfe(acme, { numero: 52 });
    const refused = await call('NFeAutorizacao4', enviNFe([voidedNote.xml], '1'));
    expect(/<protNFe[\s\S]*<cStat>(\d+)<\/cStat>/.exec(refused.message)?.[1]).toBe('206');
  });
});

describe('NFeStatusServico4', () => {
  it('answers 107 in operation, 252 for production', async () => {
    const answer = await call('NFeStatusServico4', consStatServ('35'));
    expect(xmllintErrors(answer.message, 'retConsStatServ')).toBe('');
    expect(field(answer.message, 'cStat')).toBe('107');
    expect(field(answer.message, 'cUF')).toBe('35');
    expect(field((await call('NFeStatusServico4', consStatServ('35', '1'))).message, 'cStat')).toBe(
      '252',
    );
  });
});
