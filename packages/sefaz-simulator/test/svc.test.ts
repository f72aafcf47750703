import type { SefazService } from '@emissor/sefaz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSimulator } from '../src/server.js';
import { admin } from './helpers/admin.js';
import type { Company } from './helpers/companies.js';
import { company } from './helpers/companies.js';
import { signedContingencyNfe } from './helpers/contingency.js';
import { createTestDatabase } from './helpers/database.js';
import { enviNFe, signedNfe } from './helpers/documents.js';
import {
  consReciNFe,
  consSitNFe,
  consStatServ,
  envEvento,
  signedEvento,
  signedInutNFe,
} from './helpers/messages.js';
import { SimulatorSession } from './helpers/sefaz-session.js';
import { startTestSimulator } from './helpers/simulator.js';
import { field } from './helpers/soap-call.js';
import { xmllintErrors } from './helpers/xsd.js';

// The SVC at `${url}/svc`: activated by an outage of SP's authoriser, it authorises SP's tpEmis 6
// notes (SVC-AN), reports and cancels only those, and refuses what it does not offer.

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

afterAll(async () => {
  authoriser?.close();
  svc?.close();
  await simulator?.close();
});

const atSvc = (service: SefazService, message: string) => svc.send(acme, service, message);
const atAuthoriser = (service: SefazService, message: string) =>
  authoriser.send(acme, service, message);
const status = (message: string): string | undefined => field(message, 'cStat');
const xMotivo = (message: string): string | undefined => field(message, 'xMotivo');
/** cStat and xMotivo of the (first) protNFe or retEvento in an answer. */
const verdictOf = (message: string, root = 'protNFe') =>
  new RegExp(`<${root}[\\s\\S]*?<cStat>(\\d+)</cStat><xMotivo>([^<]*)</xMotivo>`)
    .exec(message)
    ?.slice(1, 3);
const svcNote = (numero: number) => signedContingencyNfe(acme, { numero }, { tpEmis: '6' });

/** The SVC note of SP the tests below report, cancel and correct. */
let authorised: { chave: string; nProt: string };

describe('before SP’s SEFAZ switches it on', () => {
  it('answers status 114 and refuses SP’s tpEmis 6 notes with 114', async () => {
    expect(simulator.svcUrl).toBe(`${simulator.url}/svc`);
    const off = await atSvc('NFeStatusServico4', consStatServ('35'));
    expect([status(off.message), xMotivo(off.message)]).toEqual([
      '114',
      'Rejeição: SVC-AN desabilitada pela SEFAZ de Origem',
    ]);
    expect(xmllintErrors(off.message, 'retConsStatServ')).toBe('');
    const answer = await atSvc('NFeAutorizacao4', enviNFe([svcNote(1).xml], '1'));
    expect(verdictOf(answer.message)).toEqual([
      '114',
      'Rejeição: SVC não ativada para a SEFAZ do Emitente',
    ]);
  });
});

describe('while SP’s authoriser is down with its SVC on', () => {
  beforeAll(async () => {
    await admin(simulator, 'PUT', '/admin/knobs', {
      outage: { cStat: '109', ufs: ['SP'], svc: true },
    });
  });

  it('answers status 107 for SP, 114 for UFs whose authoriser is up', async () => {
    expect(status((await atSvc('NFeStatusServico4', consStatServ('35'))).message)).toBe('107');
    const mg = await atSvc('NFeStatusServico4', consStatServ('31'));
    expect(xMotivo(mg.message)).toBe('Rejeição: SVC-AN desabilitada pela SEFAZ de Origem');
    const ba = await atSvc('NFeStatusServico4', consStatServ('29'));
    expect(xMotivo(ba.message)).toBe('Rejeição: SVC-RS desabilitada pela SEFAZ de Origem');
  });

  it('authorises a tpEmis 6 note of SP with an SVC-AN protocol, and reports it', async () => {
    const note = svcNote(2);
    const answer = await atSvc('NFeAutorizacao4', enviNFe([note.xml], '1'));
    expect(verdictOf(answer.message)?.[0]).toBe('100');
    expect(xmllintErrors(answer.message, 'retEnviNFe')).toBe('');
    const nProt = field(answer.message, 'nProt') ?? '';
    // Tipo de autorizador 6 (SVC-AN, NT 2013.007 §92), then SP's cUF.
    expect(nProt).toMatch(/^635\d{12}$/);
    authorised = { chave: note.chave, nProt };
    const situation = await atSvc('NFeConsultaProtocolo4', consSitNFe(note.chave));
    expect(status(situation.message)).toBe('100');
    expect(field(situation.message, 'nProt')).toBe(nProt);
  });

  it('refuses a tpEmis 1 note with 713', async () => {
    const answer = await atSvc(
      'NFeAutorizacao4',
      enviNFe([signedNfe(acme, { numero: 3 }).xml], '1'),
    );
    expect(verdictOf(answer.message)?.[0]).toBe('713');
  });

  it('answers lots with receipts of its own, which only it knows', async () => {
    const notes = [4, 5].map((numero) => svcNote(numero).xml);
    const answer = await atSvc('NFeAutorizacao4', enviNFe(notes, '0'));
    const nRec = field(answer.message, 'nRec') ?? '';
    expect(nRec).toMatch(/^356\d{12}$/);
    const result = await atSvc('NFeRetAutorizacao4', consReciNFe(nRec));
    expect(status(result.message)).toBe('104');
    expect(result.message.match(/<cStat>100<\/cStat>/g)).toHaveLength(2);
    await admin(simulator, 'PUT', '/admin/knobs', { outage: null });
    try {
      expect(status((await atAuthoriser('NFeRetAutorizacao4', consReciNFe(nRec))).message)).toBe(
        '106',
      );
    } finally {
      await admin(simulator, 'PUT', '/admin/knobs', {
        outage: { cStat: '109', ufs: ['SP'], svc: true },
      });
    }
  });

  it('counts its requests apart in /admin/stats', async () => {
    const { requests } = (await admin(simulator, 'GET', '/admin/stats')).json as {
      requests: Record<string, number>;
    };
    expect(requests['svc/NFeAutorizacao4']).toBe(4);
    expect(requests.NFeAutorizacao4).toBeUndefined();
  });
});

describe('after SP’s authoriser is back', () => {
  beforeAll(async () => {
    await admin(simulator, 'PUT', '/admin/knobs', { outage: null });
  });

  it('answers status 114 but keeps authorising SP’s tpEmis 6 notes (the overlap)', async () => {
    expect(status((await atSvc('NFeStatusServico4', consStatServ('35'))).message)).toBe('114');
    const answer = await atSvc('NFeAutorizacao4', enviNFe([svcNote(6).xml], '1'));
    expect(verdictOf(answer.message)?.[0]).toBe('100');
  });

  it('leaves the SVC’s notes to the authoriser: 570 for one sent there, 539 for its number', async () => {
    const answer = await atAuthoriser('NFeAutorizacao4', enviNFe([svcNote(7).xml], '1'));
    expect(verdictOf(answer.message)?.[0]).toBe('570');
    const sameNumber = await atAuthoriser(
      'NFeAutorizacao4',
      enviNFe([signedNfe(acme, { numero: 2 }).xml], '1'),
    );
    expect(verdictOf(sameNumber.message)).toEqual([
      '539',
      `Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso [chNFe:${authorised.chave}]`,
    ]);
  });

  it('reports only its own notes: 584 for a tpEmis 1 chave, 217 for an unknown tpEmis 6 one', async () => {
    const normal = signedNfe(acme, { numero: 8 });
    expect(
      verdictOf((await atAuthoriser('NFeAutorizacao4', enviNFe([normal.xml], '1'))).message)?.[0],
    ).toBe('100');
    const other = await atSvc('NFeConsultaProtocolo4', consSitNFe(normal.chave));
    expect([status(other.message), xMotivo(other.message)]).toEqual([
      '584',
      'Rejeição: tpEmis informado é incompatível com a SVC-AN',
    ]);
    expect(xmllintErrors(other.message, 'retConsSitNFe')).toBe('');
    const unknown = await atSvc('NFeConsultaProtocolo4', consSitNFe(svcNote(9).chave));
    expect(status(unknown.message)).toBe('217');
    // The UF's authoriser holds the SVC's notes too (shared through the Ambiente Nacional).
    expect(
      status((await atAuthoriser('NFeConsultaProtocolo4', consSitNFe(authorised.chave))).message),
    ).toBe('100');
  });

  it('refuses a CC-e (491), cancels its own note (135) and not the authoriser’s (584)', async () => {
    const cce = signedEvento(acme, authorised.chave, {
      tpEvento: '110110',
      xCorrecao: 'Correcao do endereco de entrega do destinatario',
    });
    const refused = await atSvc('NFeRecepcaoEvento4', envEvento([cce]));
    expect(verdictOf(refused.message, 'retEvento')).toEqual([
      '491',
      'Rejeição: O tpEvento informado inválido',
    ]);
    const cancel = (chave: string, nProt: string) =>
      signedEvento(acme, chave, {
        tpEvento: '110111',
        nProt,
        xJust: 'Venda desfeita pelo cliente antes da entrega',
      });
    const cancelled = await atSvc(
      'NFeRecepcaoEvento4',
      envEvento([cancel(authorised.chave, authorised.nProt)]),
    );
    expect(verdictOf(cancelled.message, 'retEvento')?.[0]).toBe('135');
    expect(xmllintErrors(cancelled.message, 'retEnvEventoCancelamento')).toBe('');
    expect(
      field(cancelled.message.slice(cancelled.message.indexOf('<retEvento')), 'nProt'),
    ).toMatch(/^635\d{12}$/);
    expect(
      status((await atSvc('NFeConsultaProtocolo4', consSitNFe(authorised.chave))).message),
    ).toBe('101');

    const normal = signedNfe(acme, { numero: 10 });
    const nProt =
      field((await atAuthoriser('NFeAutorizacao4', enviNFe([normal.xml], '1'))).message, 'nProt') ??
      '';
    const elsewhere = await atSvc('NFeRecepcaoEvento4', envEvento([cancel(normal.chave, nProt)]));
    expect(verdictOf(elsewhere.message, 'retEvento')?.[0]).toBe('584');
  });

  it('refuses inutilização with 586', async () => {
    const answer = await atSvc(
      'NFeInutilizacao4',
      signedInutNFe(acme, { serie: 1, first: 50, last: 51 }),
    );
    expect([status(answer.message), xMotivo(answer.message)]).toEqual([
      '586',
      'Rejeição: Serviço não disponível na SVC',
    ]);
    expect(xmllintErrors(answer.message, 'retInutNFe')).toBe('');
  });
});
