import type { SefazService } from '@emissor/sefaz';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSimulator } from '../src/server.js';
import { admin } from './helpers/admin.js';
import type { Company } from './helpers/companies.js';
import { company } from './helpers/companies.js';
import { createTestDatabase } from './helpers/database.js';
import { enviNFe, signedNfe } from './helpers/documents.js';
import { consSitNFe, consStatServ } from './helpers/messages.js';
import { SimulatorSession } from './helpers/sefaz-session.js';
import { startTestSimulator } from './helpers/simulator.js';
import { field, postSoap } from './helpers/soap-call.js';
import { xmllintErrors } from './helpers/xsd.js';

let simulator: RunningSimulator;
let authoriser: SimulatorSession;
let svc: SimulatorSession;
let acme: Company;

beforeAll(async () => {
  simulator = await startTestSimulator(await createTestDatabase());
  authoriser = new SimulatorSession(simulator);
  svc = new SimulatorSession({ url: simulator.svcUrl, caPem: simulator.caPem });
  acme = company('58716523000119');
});

afterEach(async () => {
  await admin(simulator, 'PUT', '/admin/knobs', { outage: null });
});

afterAll(async () => {
  authoriser?.close();
  svc?.close();
  await simulator?.close();
});

const call = (service: SefazService, message: string) => authoriser.send(acme, service, message);
const cStatOf = async (exchange: Promise<{ message: string }>) =>
  field((await exchange).message, 'cStat');
/** What a client sees of an authoriser that closes the connection without answering. */
const RESET = /ECONNRESET|socket hang up/;
const requestsOf = async (): Promise<Record<string, number>> =>
  ((await admin(simulator, 'GET', '/admin/stats')).json as { requests: Record<string, number> })
    .requests;

describe('an outage of some UFs', () => {
  it('stops SP’s authoriser and leaves MG’s up; the SVC answers throughout', async () => {
    const put = await admin(simulator, 'PUT', '/admin/knobs', {
      outage: { cStat: '108', ufs: ['SP'], svc: true },
    });
    expect(put.status).toBe(200);
    expect((put.json as { outage: unknown }).outage).toEqual({
      cStat: '108',
      until: null,
      ufs: ['SP'],
      svc: true,
    });
    const sp = await call('NFeStatusServico4', consStatServ('35'));
    expect(field(sp.message, 'cStat')).toBe('108');
    expect(xmllintErrors(sp.message, 'retConsStatServ')).toBe('');
    expect(await cStatOf(call('NFeStatusServico4', consStatServ('31')))).toBe('107');
    const note = signedNfe(acme, { numero: 1 });
    expect(await cStatOf(call('NFeAutorizacao4', enviNFe([note.xml], '1')))).toBe('108');
    expect(await cStatOf(call('NFeConsultaProtocolo4', consSitNFe(note.chave)))).toBe('108');
    expect(await cStatOf(svc.send(acme, 'NFeStatusServico4', consStatServ('35')))).toBe('107');
  });

  it('refuses a bad outage at the admin route and keeps the one in force', async () => {
    await admin(simulator, 'PUT', '/admin/knobs', { outage: { cStat: '109', ufs: ['SP'] } });
    const refused = await admin(simulator, 'PUT', '/admin/knobs', {
      outage: { noAnswer: true, ufs: ['XX'] },
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      detail: {
        code: 'invalid_knob',
        message: 'outage.ufs: not a UF: "XX" (two capitals, e.g. "SP")',
      },
    });
    expect(await cStatOf(call('NFeStatusServico4', consStatServ('35')))).toBe('109');
  });
});

describe('an authoriser that does not answer', () => {
  it('resets the connection without processing: nothing is registered', async () => {
    await admin(simulator, 'PUT', '/admin/knobs', {
      outage: { noAnswer: true, ufs: ['SP'], svc: true },
    });
    const before = (await requestsOf()).NFeAutorizacao4 ?? 0;
    const note = signedNfe(acme, { numero: 2 });
    await expect(call('NFeAutorizacao4', enviNFe([note.xml], '1'))).rejects.toThrow(RESET);
    await expect(call('NFeStatusServico4', consStatServ('35'))).rejects.toThrow(RESET);
    // Received (counted), never answered; MG's authoriser and the SVC answer as usual.
    expect((await requestsOf()).NFeAutorizacao4).toBe(before + 1);
    expect(await cStatOf(call('NFeStatusServico4', consStatServ('31')))).toBe('107');
    expect(await cStatOf(svc.send(acme, 'NFeStatusServico4', consStatServ('35')))).toBe('107');

    await admin(simulator, 'PUT', '/admin/knobs', { outage: null });
    expect(await cStatOf(call('NFeConsultaProtocolo4', consSitNFe(note.chave)))).toBe('217');
    const sent = await call('NFeAutorizacao4', enviNFe([note.xml], '1'));
    expect(/<protNFe[\s\S]*?<cStat>(\d+)<\/cStat>/.exec(sent.message)?.[1]).toBe('100');
  });

  it('of every UF, gives no answer even to a request it cannot read', async () => {
    await admin(simulator, 'PUT', '/admin/knobs', { outage: { noAnswer: true, seconds: 60 } });
    await expect(call('NFeStatusServico4', consStatServ('31'))).rejects.toThrow(RESET);
    await expect(
      postSoap(simulator.url, 'NFeStatusServico4', 'not a SOAP envelope', {
        company: acme,
        caPem: simulator.caPem,
      }),
    ).rejects.toThrow(RESET);
  });
});
