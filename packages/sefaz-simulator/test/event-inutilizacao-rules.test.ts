import type { SefazService } from '@emissor/sefaz';
import {
  buildEnvEvento,
  buildProcInutNFe,
  inutilizacaoConflict,
  isDuplicateEvento,
  registeredEvento,
} from '@emissor/sefaz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSimulator } from '../src/server.js';
import { admin } from './helpers/admin.js';
import type { Company } from './helpers/companies.js';
import { company } from './helpers/companies.js';
import { createTestDatabase } from './helpers/database.js';
import { enviNFe, signedNfe } from './helpers/documents.js';
import { consSitNFe, envEvento, signedEvento, signedInutNFe } from './helpers/messages.js';
import { SimulatorSession } from './helpers/sefaz-session.js';
import { startTestSimulator } from './helpers/simulator.js';
import { field } from './helpers/soap-call.js';
import { xmlsec1Verifies } from './helpers/xmlsec1.js';
import { xmllintErrors } from './helpers/xsd.js';

/*
 * The event and inutilização rules of the local SEFAZ over real mutual TLS: lost answers (the
 * event or range is registered once; the consultation reports the event, a resend is a
 * duplicate), duplicates under concurrency, the CC-e sequence, the cancellation deadline, ranges
 * holding used numbers. Every procEventoNFe a consultation reports validates under its own pack
 * and its signature verifies with xmlsec1.
 */

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
const knobs = (values: Record<string, unknown>) =>
  admin(simulator, 'PUT', '/admin/knobs', values).then((r) => {
    if (r.status !== 200) throw new Error(`knobs: ${r.status}`);
    return r.json as Record<string, unknown>;
  });

let numero = 0;
/** Authorises a fresh note and returns its chave and protocol. */
async function authorised(): Promise<{ chave: string; nProt: string }> {
  const note = signedNfe(acme, { numero: ++numero });
  const answer = await call('NFeAutorizacao4', enviNFe([note.xml], '1'));
  const nProt = /<protNFe[\s\S]*<nProt>(\d+)<\/nProt>/.exec(answer.message)?.[1];
  if (!nProt) throw new Error(`not authorised: ${answer.message}`);
  return { chave: note.chave, nProt };
}

const cancelamento = (note: { chave: string; nProt: string }) =>
  signedEvento(acme, note.chave, {
    tpEvento: '110111',
    nProt: note.nProt,
    xJust: 'Pedido cancelado pelo cliente antes da expedição',
  });
const carta = (chave: string, seq: number) =>
  signedEvento(
    acme,
    chave,
    { tpEvento: '110110', xCorrecao: `Correção nº ${seq}: endereço de entrega à Rua São João` },
    seq,
  );

/** The cStat of the (first) retEvento of an answer. */
const eventStatus = (message: string): string | undefined =>
  field(/<retEvento[\s\S]*?<\/retEvento>/.exec(message)?.[0] ?? '', 'cStat');

/** Every procEventoNFe of a retConsSitNFe, as sent. */
const procs = (message: string): string[] =>
  message.match(/<procEventoNFe[\s\S]*?<\/procEventoNFe>/g) ?? [];

describe('lost answers and duplicates', () => {
  it('a cancellation whose answer is lost is registered once: the consultation reports it, a resend is 573', async () => {
    const note = await authorised();
    const evento = cancelamento(note);
    await knobs({ dropEventoAnswers: 1 });
    await expect(call('NFeRecepcaoEvento4', envEvento([evento]))).rejects.toThrow();
    expect((await admin(simulator, 'GET', '/admin/knobs')).json).toMatchObject({
      dropEventoAnswers: 0,
    });

    const situation = await call('NFeConsultaProtocolo4', consSitNFe(note.chave));
    expect(field(situation.message, 'cStat')).toBe('101');
    expect(xmllintErrors(situation.message, 'retConsSitNFe')).toBe('');
    if (situation.answer.kind !== 'retConsSitNFe') throw new Error(situation.message);
    const found = registeredEvento(situation.answer, {
      chave: note.chave,
      tpEvento: '110111',
      nSeqEvento: 1,
    });
    expect(found?.retEvento).toMatchObject({ cStat: '135', chNFe: note.chave });
    const [proc] = procs(situation.message);
    expect(xmllintErrors(proc ?? '', 'procEventoCancelamento')).toBe('');
    expect(xmlsec1Verifies(proc ?? '', 'infEvento', acme.credentials.certificatePem)).toBe(true);

    const again = await call('NFeRecepcaoEvento4', envEvento([evento]));
    expect(isDuplicateEvento(eventStatus(again.message) ?? '')).toBe(true);
    const after = await call('NFeConsultaProtocolo4', consSitNFe(note.chave));
    expect(procs(after.message)).toHaveLength(1);
  });

  it('ten concurrent sends of one cancellation: one 135, nine 573, one registered event', async () => {
    const note = await authorised();
    const evento = cancelamento(note);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('NFeRecepcaoEvento4', envEvento([evento], String(i + 1))),
      ),
    );
    const statuses = answers.map((a) => eventStatus(a.message)).sort();
    expect(statuses).toEqual(['135', ...Array<string>(9).fill('573')]);
    const situation = await call('NFeConsultaProtocolo4', consSitNFe(note.chave));
    expect(procs(situation.message)).toHaveLength(1);
  });

  it('a cancellation of a cancelled note is 573 whatever its text; a CC-e of it is 580', async () => {
    const note = await authorised();
    expect(
      eventStatus((await call('NFeRecepcaoEvento4', envEvento([cancelamento(note)]))).message),
    ).toBe('135');
    const other = signedEvento(acme, note.chave, {
      tpEvento: '110111',
      nProt: note.nProt,
      xJust: 'Outra justificativa para o mesmo cancelamento',
    });
    expect(eventStatus((await call('NFeRecepcaoEvento4', envEvento([other]))).message)).toBe('573');
    expect(
      eventStatus((await call('NFeRecepcaoEvento4', envEvento([carta(note.chave, 1)]))).message),
    ).toBe('580');
  });
});

describe('carta de correção sequence', () => {
  it('1 to 20 in order are registered; 21 fails the schema (215); the consultation reports all 20, each valid and verifying', async () => {
    const note = await authorised();
    for (let seq = 1; seq <= 20; seq++) {
      const answer = await call('NFeRecepcaoEvento4', envEvento([carta(note.chave, seq)]));
      expect([seq, eventStatus(answer.message)]).toEqual([seq, '135']);
    }
    expect(
      xmllintErrors(
        (await call('NFeRecepcaoEvento4', envEvento([carta(note.chave, 1)]))).message,
        'retEnvEventoCartaCorrecao',
      ),
    ).toBe('');

    // The builder refuses 21, so the 21st is written by hand: SEFAZ's schema refuses it too.
    const twentyFirst = carta(note.chave, 20)
      .replace('<nSeqEvento>20</nSeqEvento>', '<nSeqEvento>21</nSeqEvento>')
      .replace(`${note.chave}20"`, `${note.chave}21"`);
    const lot = buildEnvEvento({ idLote: '21', eventos: [twentyFirst] });
    const refused = await call('NFeRecepcaoEvento4', lot);
    expect(field(refused.message, 'cStat')).toBe('215');

    const situation = await call('NFeConsultaProtocolo4', consSitNFe(note.chave));
    expect(field(situation.message, 'cStat')).toBe('100');
    const reported = procs(situation.message);
    expect(reported).toHaveLength(20);
    for (const proc of reported) {
      expect(xmllintErrors(proc, 'procEventoCartaCorrecao')).toBe('');
      expect(xmlsec1Verifies(proc, 'infEvento', acme.credentials.certificatePem)).toBe(true);
    }
  });

  it('a gap in the sequence is 594, a reused number 573', async () => {
    const note = await authorised();
    expect(
      eventStatus((await call('NFeRecepcaoEvento4', envEvento([carta(note.chave, 2)]))).message),
    ).toBe('594');
    expect(
      eventStatus((await call('NFeRecepcaoEvento4', envEvento([carta(note.chave, 1)]))).message),
    ).toBe('135');
    expect(
      eventStatus((await call('NFeRecepcaoEvento4', envEvento([carta(note.chave, 1)]))).message),
    ).toBe('573');
    expect(
      eventStatus((await call('NFeRecepcaoEvento4', envEvento([carta(note.chave, 3)]))).message),
    ).toBe('594');
    expect(
      eventStatus((await call('NFeRecepcaoEvento4', envEvento([carta(note.chave, 2)]))).message),
    ).toBe('135');
  });
});

describe('cancellation deadline', () => {
  it('501 after the deadline; accepted late it is 155 and the consultation reads 151', async () => {
    const late = await authorised();
    try {
      await knobs({ cancelDeadlineHours: 0, lateCancellation: 'reject' });
      const refused = await call('NFeRecepcaoEvento4', envEvento([cancelamento(late)]));
      expect(eventStatus(refused.message)).toBe('501');
      await knobs({ lateCancellation: 'accept' });
      const accepted = await call('NFeRecepcaoEvento4', envEvento([cancelamento(late)]));
      expect(eventStatus(accepted.message)).toBe('155');
      expect(xmllintErrors(accepted.message, 'retEnvEventoCancelamento')).toBe('');
    } finally {
      await knobs({ cancelDeadlineHours: 24, lateCancellation: 'reject' });
    }
    const situation = await call('NFeConsultaProtocolo4', consSitNFe(late.chave));
    expect(field(situation.message, 'cStat')).toBe('151');
    expect(xmllintErrors(situation.message, 'retConsSitNFe')).toBe('');
  });
});

describe('inutilização', () => {
  it('a range whose answer is lost is voided once: the resend is 563 and a note of it is 206', async () => {
    const request = signedInutNFe(acme, { serie: 7, first: 10, last: 12 });
    await knobs({ dropInutilizacaoAnswers: 1 });
    await expect(call('NFeInutilizacao4', request)).rejects.toThrow();
    const again = await call('NFeInutilizacao4', request);
    expect(xmllintErrors(again.message, 'retInutNFe')).toBe('');
    expect(inutilizacaoConflict(field(again.message, 'cStat') ?? '')).toBe('same_range');
    const note = signedNfe(acme, { numero: 11, request: { serie: 7 } });
    const refused = await call('NFeAutorizacao4', enviNFe([note.xml], '1'));
    expect(/<protNFe[\s\S]*<cStat>(\d+)<\/cStat>/.exec(refused.message)?.[1]).toBe('206');
  });

  it('a range holding an authorised or a denied number is 241; a fresh range is 102 with a verifying ProcInutNFe', async () => {
    const authorisedNote = signedNfe(acme, { numero: 20, request: { serie: 8 } });
    expect((await call('NFeAutorizacao4', enviNFe([authorisedNote.xml], '1'))).message).toContain(
      '<cStat>100</cStat>',
    );
    const deniedNote = signedNfe(acme, { numero: 30, request: { serie: 8 } });
    await admin(simulator, 'PUT', `/admin/documents/${deniedNote.chave}`, { action: 'deny' });
    expect((await call('NFeAutorizacao4', enviNFe([deniedNote.xml], '1'))).message).toContain(
      '<cStat>302</cStat>',
    );
    for (const [first, last] of [
      [15, 25],
      [30, 30],
    ] as const) {
      const answer = await call('NFeInutilizacao4', signedInutNFe(acme, { serie: 8, first, last }));
      expect([first, last, field(answer.message, 'cStat')]).toEqual([first, last, '241']);
    }
    const fresh = signedInutNFe(acme, { serie: 8, first: 21, last: 29 });
    const answer = await call('NFeInutilizacao4', fresh);
    expect(field(answer.message, 'cStat')).toBe('102');
    const proc = buildProcInutNFe(fresh, answer.message);
    expect(xmllintErrors(proc, 'procInutNFe')).toBe('');
    expect(xmlsec1Verifies(proc, 'infInut', acme.credentials.certificatePem)).toBe(true);
  });
});

describe('request counts', () => {
  it('GET /admin/stats counts the SOAP requests per service', async () => {
    const before = (await admin(simulator, 'GET', '/admin/stats')).json as {
      requests: Record<string, number>;
    };
    await call('NFeConsultaProtocolo4', consSitNFe(signedNfe(acme, { numero: 999 }).chave));
    const after = (await admin(simulator, 'GET', '/admin/stats')).json as {
      requests: Record<string, number>;
    };
    expect(after.requests.NFeConsultaProtocolo4).toBe(
      (before.requests.NFeConsultaProtocolo4 ?? 0) + 1,
    );
    expect(after.requests.NFeStatusServico4).toBe(before.requests.NFeStatusServico4);
  });
});
