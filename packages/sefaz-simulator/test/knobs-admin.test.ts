import type { SefazService } from '@emissor/sefaz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSimulator } from '../src/server.js';
import { admin } from './helpers/admin.js';
import type { Company } from './helpers/companies.js';
import { company } from './helpers/companies.js';
import { createTestDatabase } from './helpers/database.js';
import { enviNFe, signedNfe } from './helpers/documents.js';
import { consReciNFe, consSitNFe, consStatServ } from './helpers/messages.js';
import { SimulatorSession } from './helpers/sefaz-session.js';
import { startTestSimulator } from './helpers/simulator.js';
import { field } from './helpers/soap-call.js';
import { xmllintErrors } from './helpers/xsd.js';

let simulator: RunningSimulator;
let session: SimulatorSession;
let acme: Company;

beforeAll(async () => {
  // Run knobs given at start (`pnpm sefaz-simulator` reads them from SEFAZ_SIMULATOR_KNOBS).
  simulator = await startTestSimulator(await createTestDatabase(), { knobs: { pendingPolls: 2 } });
  session = new SimulatorSession(simulator);
  acme = company('58716523000119');
});

afterAll(async () => {
  session?.close();
  await simulator?.close();
});

const call = (service: SefazService, message: string) => session.send(acme, service, message);
const protocolStatus = (message: string): string | undefined =>
  /<protNFe[\s\S]*?<cStat>(\d+)<\/cStat>/.exec(message)?.[1];

describe('run knobs', () => {
  it('answers a lot 105 for as many polls as configured before 104', async () => {
    const notes = [1, 2].map((numero) => signedNfe(acme, { numero }).xml);
    const nRec = field((await call('NFeAutorizacao4', enviNFe(notes, '0'))).message, 'nRec') ?? '';
    const polls = [];
    for (let i = 0; i < 3; i++) polls.push(await call('NFeRetAutorizacao4', consReciNFe(nRec)));
    expect(polls.map((p) => field(p.message, 'cStat'))).toEqual(['105', '105', '104']);
    expect(xmllintErrors(polls[0]?.message ?? '', 'retConsReciNFe')).toBe('');
  });

  it('opens and closes a 108 window through the admin route', async () => {
    expect(
      (await admin(simulator, 'PUT', '/admin/knobs', { outage: { cStat: '108', seconds: 60 } }))
        .status,
    ).toBe(200);
    const status = await call('NFeStatusServico4', consStatServ('35'));
    expect(field(status.message, 'cStat')).toBe('108');
    expect(xmllintErrors(status.message, 'retConsStatServ')).toBe('');
    const note = signedNfe(acme, { numero: 3 });
    const refused = await call('NFeAutorizacao4', enviNFe([note.xml], '1'));
    expect(field(refused.message, 'cStat')).toBe('108');
    expect(xmllintErrors(refused.message, 'retEnviNFe')).toBe('');
    await admin(simulator, 'PUT', '/admin/knobs', { outage: null });
    expect(field((await call('NFeStatusServico4', consStatServ('35'))).message, 'cStat')).toBe(
      '107',
    );
  });

  it('answers a synchronous lot with a receipt when told to, like SEFAZ-SP', async () => {
    await admin(simulator, 'PUT', '/admin/knobs', { syncAnsweredAsync: true, pendingPolls: 0 });
    try {
      const note = signedNfe(acme, { numero: 4 });
      const answer = await call('NFeAutorizacao4', enviNFe([note.xml], '1'));
      expect(field(answer.message, 'cStat')).toBe('103');
      const result = await call(
        'NFeRetAutorizacao4',
        consReciNFe(field(answer.message, 'nRec') ?? ''),
      );
      expect(protocolStatus(result.message)).toBe('100');
    } finally {
      await admin(simulator, 'PUT', '/admin/knobs', { syncAnsweredAsync: false });
    }
  });

  it('processes but drops the next answer (dropAnswers): the note is authorised all the same', async () => {
    await admin(simulator, 'PUT', '/admin/knobs', { dropAnswers: 1 });
    const note = signedNfe(acme, { numero: 5 });
    await expect(call('NFeAutorizacao4', enviNFe([note.xml], '1'))).rejects.toThrow();
    const situation = await call('NFeConsultaProtocolo4', consSitNFe(note.chave));
    expect(field(situation.message, 'cStat')).toBe('100');
    expect(
      ((await admin(simulator, 'GET', '/admin/knobs')).json as { dropAnswers: number }).dropAnswers,
    ).toBe(0);
  });
});

describe('document knobs', () => {
  it('forces a rejection of a chave with the given status', async () => {
    const note = signedNfe(acme, { numero: 10 });
    const put = await admin(simulator, 'PUT', `/admin/documents/${note.chave}`, {
      action: 'reject',
      cStat: '778',
      xMotivo: 'Rejeição: Informado NCM inexistente [nItem:1]',
    });
    expect(put.status).toBe(200);
    const answer = await call('NFeAutorizacao4', enviNFe([note.xml], '1'));
    expect(protocolStatus(answer.message)).toBe('778');
    expect(xmllintErrors(answer.message, 'retEnviNFe')).toBe('');
    expect((await admin(simulator, 'DELETE', `/admin/documents/${note.chave}`)).status).toBe(204);
    expect(protocolStatus((await call('NFeAutorizacao4', enviNFe([note.xml], '1'))).message)).toBe(
      '100',
    );
  });

  it('forces a denial (302 by default): the number is used, a resend reads 205', async () => {
    const note = signedNfe(acme, { numero: 11 });
    await admin(simulator, 'PUT', `/admin/documents/${note.chave}`, { action: 'deny' });
    const answer = await call('NFeAutorizacao4', enviNFe([note.xml], '1'));
    expect(protocolStatus(answer.message)).toBe('302');
    expect(answer.message).toMatch(/<nProt>\d{15}<\/nProt>/);
    expect(
      field((await call('NFeConsultaProtocolo4', consSitNFe(note.chave))).message, 'cStat'),
    ).toBe('302');
    expect(protocolStatus((await call('NFeAutorizacao4', enviNFe([note.xml], '1'))).message)).toBe(
      '205',
    );
  });

  it('drops the answer of one chave once, then answers the resend with 204', async () => {
    const note = signedNfe(acme, { numero: 12 });
    await admin(simulator, 'PUT', `/admin/documents/${note.chave}`, { action: 'drop_answer' });
    await expect(call('NFeAutorizacao4', enviNFe([note.xml], '1'))).rejects.toThrow();
    expect(protocolStatus((await call('NFeAutorizacao4', enviNFe([note.xml], '1'))).message)).toBe(
      '204',
    );
  });

  it('refuses bad admin input with a 4xx and changes nothing', async () => {
    const before = (await admin(simulator, 'GET', '/admin/knobs')).json;
    const documentsBefore = (await admin(simulator, 'GET', '/admin/documents')).json;
    const cases: [string, 'PUT' | 'DELETE', unknown, number, string][] = [
      ['/admin/knobs', 'PUT', { latencyMs: -5 }, 400, 'invalid_knob'],
      ['/admin/knobs', 'PUT', 'not json', 400, 'invalid_knob'],
      ['/admin/knobs', 'PUT', { nonsense: true }, 400, 'invalid_knob'],
      ['/admin/documents/123', 'PUT', { action: 'deny' }, 400, 'invalid_chave'],
      [`/admin/documents/${'3'.repeat(44)}`, 'PUT', { action: 'explode' }, 400, 'invalid_knob'],
      [`/admin/documents/${'3'.repeat(44)}`, 'DELETE', undefined, 404, 'not_found'],
      ['/admin/elsewhere', 'PUT', {}, 404, 'not_found'],
    ];
    for (const [path, method, body, status, code] of cases) {
      const answer = await admin(simulator, method, path, body);
      expect(answer.status, path).toBe(status);
      expect((answer.json as { detail: { code: string } }).detail.code).toBe(code);
    }
    expect((await admin(simulator, 'GET', '/admin/knobs')).json).toEqual(before);
    expect((await admin(simulator, 'GET', '/admin/documents')).json).toEqual(documentsBefore);
  });
});
