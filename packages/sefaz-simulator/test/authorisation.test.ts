import type { SefazService } from '@emissor/sefaz';
import { buildNfeProc, classifyAutorizacao, soapRequestEnvelope } from '@emissor/sefaz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSimulator } from '../src/server.js';
import type { Company } from './helpers/companies.js';
import { company } from './helpers/companies.js';
import { createTestDatabase } from './helpers/database.js';
import { enviNFe, ibsCbsLine, nfeRequest, signedNfe } from './helpers/documents.js';
import { SimulatorSession } from './helpers/sefaz-session.js';
import { startTestSimulator } from './helpers/simulator.js';
import { field, postSoap } from './helpers/soap-call.js';
import { consReciNFe, consSitNFe } from './helpers/messages.js';
import { xmllintErrors } from './helpers/xsd.js';

let simulator: RunningSimulator;
let session: SimulatorSession;
let acme: Company;
let other: Company;

beforeAll(async () => {
  simulator = await startTestSimulator(await createTestDatabase());
  session = new SimulatorSession(simulator);
  acme = company('58716523000119');
  other = company('11222333000181');
});

afterAll(async () => {
  session?.close();
  await simulator?.close();
});

const authorise = (message: string, caller: Company = acme) =>
  session.send(caller, 'NFeAutorizacao4', message);

describe('NFeAutorizacao4 over mutual TLS', () => {
  it('authorises a schema-valid signed NF-e (100) and its nfeProc validates under procNFe', async () => {
    const note = signedNfe(acme, { numero: 1 });
    const answer = await authorise(enviNFe([note.xml], '1'));
    expect(answer.status).toBe(200);
    expect(xmllintErrors(answer.message, 'retEnviNFe')).toBe('');
    expect(field(answer.message, 'cStat')).toBe('104');
    const parsed = answer.answer;
    if (parsed.kind !== 'retEnviNFe' || !parsed.protNFe)
      throw new Error(`no protNFe: ${answer.message}`);
    const protNFe = parsed.protNFe;
    expect(protNFe.cStat).toBe('100');
    expect(protNFe.chNFe).toBe(note.chave);
    expect(protNFe.nProt).toMatch(/^135\d{12}$/);
    expect(protNFe.digVal).toBe(field(note.xml, 'DigestValue'));
    expect(protNFe.dhRecbto).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-03:00$/);
    expect(classifyAutorizacao(parsed, [note.chave])[0]?.classification).toMatchObject({
      kind: 'final',
      result: 'autorizada',
    });
    const nfeProc = buildNfeProc(note.xml, protNFe.xml);
    expect(xmllintErrors(nfeProc, 'procNFe')).toBe('');
  });

  it('authorises a note issued more than 7 days before with 150 (autorização fora de prazo)', async () => {
    const note = signedNfe(acme, {
      numero: 17,
      issuedAt: new Date(Date.now() - 8 * 24 * 3600_000),
    });
    const answer = await authorise(enviNFe([note.xml], '1'));
    expect(xmllintErrors(answer.message, 'retEnviNFe')).toBe('');
    if (answer.answer.kind !== 'retEnviNFe') throw new Error(answer.message);
    expect(answer.answer.protNFe?.cStat).toBe('150');
    expect(answer.answer.protNFe?.nProt).toMatch(/^135\d{12}$/);
    expect(classifyAutorizacao(answer.answer, [note.chave])[0]?.classification).toMatchObject({
      kind: 'final',
      result: 'autorizada',
    });
  });

  it('answers 297 for a note changed after signing', async () => {
    const note = signedNfe(acme, { numero: 2 });
    const tampered = note.xml.replace('UM PRODUTO TESTE QUALQUER', 'OUTRO PRODUTO QUALQUER');
    const answer = await authorise(enviNFe([tampered], '1'));
    expect(xmllintErrors(answer.message, 'retEnviNFe')).toBe('');
    expect(field(/<protNFe[\s\S]*/.exec(answer.message)?.[0] ?? '', 'cStat')).toBe('297');
  });

  it("answers 213 when the client certificate is another company's", async () => {
    const note = signedNfe(acme, { numero: 3 });
    const answer = await authorise(enviNFe([note.xml], '1'), other);
    expect(field(/<protNFe[\s\S]*/.exec(answer.message)?.[0] ?? '', 'cStat')).toBe('213');
  });

  it('answers 252 for a production document (tpAmb=1)', async () => {
    const note = signedNfe(acme, { numero: 4, request: { ambiente: 'producao' } });
    expect(note.xml).toContain('<tpAmb>1</tpAmb>');
    const answer = await authorise(enviNFe([note.xml], '1'));
    expect(protocolStatus(answer.message)).toBe('252');
  });

  it('answers 225 for a lot that breaks the official schema, and registers nothing', async () => {
    const note = signedNfe(acme, {
      numero: 5,
      beforeSigning: (xml) => xml.replace('<ide>', '<ide><bogus>1</bogus>'),
    });
    const answer = await authorise(enviNFe([note.xml], '1'));
    expect(xmllintErrors(answer.message, 'retEnviNFe')).toBe('');
    expect(field(answer.message, 'cStat')).toBe('225');
    expect(answer.message).not.toContain('<protNFe');
    expect(await situation(note.chave)).toBe('217');
  });

  it('answers 610 when vNF is not the sum of its parts', async () => {
    const note = signedNfe(acme, {
      numero: 6,
      beforeSigning: (xml) => xml.replace('<vNF>500.00</vNF>', '<vNF>510.00</vNF>'),
    });
    expect(note.xml).toContain('<vNF>510.00</vNF>');
    const answer = await authorise(enviNFe([note.xml], '1'));
    expect(protocolStatus(answer.message)).toBe('610');
  });

  it('judges the IBS/CBS groups of a note deep in a lot (1069 for a CBS value off base × rate)', async () => {
    // The rule reads the note's exact infNFe bytes out of the request body: the second note of
    // the lot proves the offsets are right.
    const [item] = nfeRequest(acme.cnpj).itens;
    if (!item) throw new Error('the helper request has no item');
    const tributos = [
      ibsCbsLine('ibs_uf', '0.10', '0.50'),
      ibsCbsLine('ibs_mun', '0', '0.00'),
      ibsCbsLine('cbs', '0.90', '4.50'),
    ];
    const withIbsCbs = (numero: number, edit: (xml: string) => string = (xml) => xml) =>
      signedNfe(acme, {
        numero,
        request: { itens: [{ ...item, fiscal_result: { ...item.fiscal_result, tributos } }] },
        beforeSigning: edit,
      });
    const notes = [
      withIbsCbs(20),
      withIbsCbs(21, (xml) => xml.replace('<vCBS>4.50</vCBS>', '<vCBS>4.70</vCBS>')),
    ];
    expect(notes[1]?.xml).toContain('<vCBS>4.70</vCBS>');
    const received = await authorise(
      enviNFe(
        notes.map((n) => n.xml),
        '0',
      ),
    );
    expect(field(received.message, 'cStat')).toBe('103');
    const result = await call(
      'NFeRetAutorizacao4',
      consReciNFe(field(received.message, 'nRec') ?? ''),
    );
    const statuses = [...result.message.matchAll(/<infProt>[\s\S]*?<cStat>(\d+)<\/cStat>/g)].map(
      (m) => m[1],
    );
    expect(statuses).toEqual(['100', '1069']);
  });

  it('answers 204 with the original protocol for a resend of an authorised note', async () => {
    const note = signedNfe(acme, { numero: 7 });
    const first = await authorise(enviNFe([note.xml], '1'));
    expect(protocolStatus(first.message)).toBe('100');
    const nProt = field(first.message, 'nProt');
    const again = await authorise(enviNFe([note.xml], '1'));
    expect(protocolStatus(again.message)).toBe('204');
    expect(protocolField(again.message, 'xMotivo')).toContain(`[nProt:${nProt}]`);
    expect(xmllintErrors(again.message, 'retEnviNFe')).toBe('');
  });

  it('answers 539 for the same number with another chave', async () => {
    const first = signedNfe(acme, { numero: 8, codigoNumerico: '10203040' });
    const second = signedNfe(acme, { numero: 8, codigoNumerico: '11223344' });
    expect(second.chave).not.toBe(first.chave);
    expect(protocolStatus((await authorise(enviNFe([first.xml], '1'))).message)).toBe('100');
    const answer = await authorise(enviNFe([second.xml], '1'));
    expect(protocolStatus(answer.message)).toBe('539');
    expect(protocolField(answer.message, 'xMotivo')).toContain(first.chave);
  });

  it('authorises exactly one of two concurrent sends of one note', async () => {
    const note = signedNfe(acme, { numero: 9 });
    const answers = await Promise.all([
      authorise(enviNFe([note.xml], '1')),
      authorise(enviNFe([note.xml], '1')),
    ]);
    expect(answers.map((a) => protocolStatus(a.message)).sort()).toEqual(['100', '204']);
  });

  it('refuses indSinc=1 with several notes (764) and indSinc=0 with one (452)', async () => {
    const a = signedNfe(acme, { numero: 10 }).xml;
    const b = signedNfe(acme, { numero: 11 }).xml;
    expect(field((await authorise(enviNFe([a, b], '1'))).message, 'cStat')).toBe('764');
    expect(field((await authorise(enviNFe([a], '0'))).message, 'cStat')).toBe('452');
  });

  it('answers an asynchronous lot with a receipt, then NFeRetAutorizacao4 with every protNFe', async () => {
    const notes = [12, 13, 14].map((numero) => signedNfe(acme, { numero }));
    const received = await authorise(
      enviNFe(
        notes.map((n) => n.xml),
        '0',
      ),
    );
    expect(xmllintErrors(received.message, 'retEnviNFe')).toBe('');
    expect(field(received.message, 'cStat')).toBe('103');
    const nRec = field(received.message, 'nRec') ?? '';
    expect(nRec).toMatch(/^35\d{13}$/);
    const result = await call('NFeRetAutorizacao4', consReciNFe(nRec));
    expect(xmllintErrors(result.message, 'retConsReciNFe')).toBe('');
    expect(field(result.message, 'cStat')).toBe('104');
    const statuses = [...result.message.matchAll(/<infProt>[\s\S]*?<cStat>(\d+)<\/cStat>/g)].map(
      (m) => m[1],
    );
    expect(statuses).toEqual(['100', '100', '100']);
    expect(
      field((await call('NFeRetAutorizacao4', consReciNFe('351999999999999'))).message, 'cStat'),
    ).toBe('106');
  });

  it('judges a lot in its order: the first of one number wins (539 after it), a known note is 204', async () => {
    const known = signedNfe(acme, { numero: 40 });
    const knownAnswer = await authorise(enviNFe([known.xml], '1'));
    expect(protocolStatus(knownAnswer.message)).toBe('100');
    const firstOf41 = signedNfe(acme, { numero: 41, codigoNumerico: '10203040' });
    const secondOf41 = signedNfe(acme, { numero: 41, codigoNumerico: '11223344' });
    const fresh = signedNfe(acme, { numero: 42 });
    // (One chave twice is refused by the schema: the lot would hold one infNFe Id twice.)
    const lot = [known, firstOf41, secondOf41, fresh];
    const received = await authorise(
      enviNFe(
        lot.map((n) => n.xml),
        '0',
      ),
    );
    const result = await call('NFeRetAutorizacao4', consReciNFe(field(received.message, 'nRec')!));
    expect(xmllintErrors(result.message, 'retConsReciNFe')).toBe('');
    const protocols = [...result.message.matchAll(/<protNFe[\s\S]*?<\/protNFe>/g)].map((m) => m[0]);
    expect(protocols.map((p) => field(p, 'chNFe'))).toEqual(lot.map((n) => n.chave));
    expect(protocols.map((p) => field(p, 'cStat'))).toEqual(['204', '100', '539', '100']);
    expect(field(protocols[0]!, 'xMotivo')).toContain(
      `[nProt:${field(knownAnswer.message, 'nProt')}]`,
    );
    expect(field(protocols[2]!, 'xMotivo')).toContain(firstOf41.chave);
    // The registry keeps the winner's protocol.
    const consulted = await call('NFeConsultaProtocolo4', consSitNFe(firstOf41.chave));
    expect(field(consulted.message, 'nProt')).toBe(field(protocols[1]!, 'nProt'));
  });

  it('answers consSitNFe with the protNFe of an authorised note (100) and 217 for an unknown one', async () => {
    const note = signedNfe(acme, { numero: 15 });
    const sent = await authorise(enviNFe([note.xml], '1'));
    const answer = await call('NFeConsultaProtocolo4', consSitNFe(note.chave));
    expect(xmllintErrors(answer.message, 'retConsSitNFe')).toBe('');
    expect(field(answer.message, 'cStat')).toBe('100');
    expect(field(answer.message, 'nProt')).toBe(field(sent.message, 'nProt'));
  });

  it('answers 403 without a client certificate and a SOAP fault for a message of another service', async () => {
    const note = signedNfe(acme, { numero: 16 });
    const anonymous = await postSoap(
      simulator.url,
      'NFeAutorizacao4',
      soapRequestEnvelope('NFeAutorizacao4', enviNFe([note.xml], '1')),
      {
        caPem: simulator.caPem,
      },
    );
    expect(anonymous.status).toBe(403);
    const wrong = await postSoap(
      simulator.url,
      'NFeAutorizacao4',
      soapRequestEnvelope('NFeAutorizacao4', consSitNFe(note.chave)),
      {
        company: acme,
        caPem: simulator.caPem,
      },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain('soap:Sender');
  });
});

function protocolField(message: string, name: string): string | undefined {
  return field(/<protNFe[\s\S]*<\/protNFe>/.exec(message)?.[0] ?? '', name);
}

const protocolStatus = (message: string): string | undefined => protocolField(message, 'cStat');

function call(service: SefazService, message: string) {
  return session.send(acme, service, message);
}

async function situation(chave: string): Promise<string | undefined> {
  return field((await call('NFeConsultaProtocolo4', consSitNFe(chave))).message, 'cStat');
}
