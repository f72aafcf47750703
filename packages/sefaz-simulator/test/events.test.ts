import type { SefazService } from '@emissor/sefaz';
import { buildProcEventoNFe } from '@emissor/sefaz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSimulator } from '../src/server.js';
import type { Company } from './helpers/companies.js';
import { company } from './helpers/companies.js';
import { createTestDatabase } from './helpers/database.js';
import { enviNFe, signedNfe } from './helpers/documents.js';
import { consSitNFe, envEvento, signedEvento } from './helpers/messages.js';
import { SimulatorSession } from './helpers/sefaz-session.js';
import { startTestSimulator } from './helpers/simulator.js';
import { field } from './helpers/soap-call.js';
import { xmlsec1Verifies } from './helpers/xmlsec1.js';
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

/** Authorises a fresh note and returns its chave and protocol. */
async function authorised(numero: number): Promise<{ chave: string; nProt: string }> {
  const note = signedNfe(acme, { numero });
  const answer = await call('NFeAutorizacao4', enviNFe([note.xml], '1'));
  const nProt = /<protNFe[\s\S]*<nProt>(\d+)<\/nProt>/.exec(answer.message)?.[1];
  if (!nProt) throw new Error(`not authorised: ${answer.message}`);
  return { chave: note.chave, nProt };
}

const retEvento = (message: string): string =>
  /<retEvento[\s\S]*<\/retEvento>/.exec(message)?.[0] ?? '';

describe('NFeRecepcaoEvento4', () => {
  it('registers a cancellation (135); the note then reads 101 with its procEventoNFe', async () => {
    const note = await authorised(1);
    const evento = signedEvento(acme, note.chave, {
      tpEvento: '110111',
      nProt: note.nProt,
      xJust: 'Pedido cancelado pelo cliente antes da entrega',
    });
    const answer = await call('NFeRecepcaoEvento4', envEvento([evento]));
    expect(xmllintErrors(answer.message, 'retEnvEventoCancelamento')).toBe('');
    expect(field(answer.message, 'cStat')).toBe('128');
    const ret = retEvento(answer.message);
    expect(field(ret, 'cStat')).toBe('135');
    expect(field(ret, 'nProt')).toMatch(/^135\d{12}$/);
    if (answer.answer.kind !== 'retEnvEvento') throw new Error(answer.message);
    const proc = buildProcEventoNFe(evento, answer.answer.retEvento[0]?.xml ?? '');
    expect(xmllintErrors(proc, 'procEventoCancelamento')).toBe('');
    expect(xmlsec1Verifies(proc, 'infEvento', acme.credentials.certificatePem)).toBe(true);

    const situation = await call('NFeConsultaProtocolo4', consSitNFe(note.chave));
    expect(xmllintErrors(situation.message, 'retConsSitNFe')).toBe('');
    expect(field(situation.message, 'cStat')).toBe('101');
    expect(situation.message).toContain('<procEventoNFe');

    const again = await call('NFeRecepcaoEvento4', envEvento([evento]));
    expect(field(retEvento(again.message), 'cStat')).toBe('573');
    const correction = signedEvento(acme, note.chave, {
      tpEvento: '110110',
      xCorrecao: 'Correcao do endereco de entrega do destinatario',
    });
    expect(
      field(
        retEvento((await call('NFeRecepcaoEvento4', envEvento([correction]))).message),
        'cStat',
      ),
    ).toBe('580');
  });

  it('registers a carta de correção (135) and a second one with the next sequence', async () => {
    const note = await authorised(2);
    for (const nSeq of [1, 2]) {
      const evento = signedEvento(
        acme,
        note.chave,
        { tpEvento: '110110', xCorrecao: `Correcao numero ${nSeq} do endereco de entrega` },
        nSeq,
      );
      const answer = await call('NFeRecepcaoEvento4', envEvento([evento]));
      expect(xmllintErrors(answer.message, 'retEnvEventoCartaCorrecao')).toBe('');
      expect(field(retEvento(answer.message), 'cStat')).toBe('135');
      expect(field(retEvento(answer.message), 'nSeqEvento')).toBe(String(nSeq));
    }
    const situation = await call('NFeConsultaProtocolo4', consSitNFe(note.chave));
    expect(field(situation.message, 'cStat')).toBe('100');
    expect(situation.message.match(/<procEventoNFe/g)).toHaveLength(2);
  });

  it('refuses a cancellation with another protocol (222), a tampered event (297) and an unknown note (494)', async () => {
    const note = await authorised(3);
    const wrongProtocol = signedEvento(acme, note.chave, {
      tpEvento: '110111',
      nProt: '135260000999999',
      xJust: 'Pedido cancelado pelo cliente antes da entrega',
    });
    expect(
      field(
        retEvento((await call('NFeRecepcaoEvento4', envEvento([wrongProtocol]))).message),
        'cStat',
      ),
    ).toBe('222');
    const tampered = signedEvento(acme, note.chave, {
      tpEvento: '110111',
      nProt: note.nProt,
      xJust: 'Pedido cancelado pelo cliente antes da entrega',
    }).replace('antes da entrega', 'depois da entrega');
    expect(
      field(retEvento((await call('NFeRecepcaoEvento4', envEvento([tampered]))).message), 'cStat'),
    ).toBe('297');
    const unknown = signedNfe(acme, { numero: 99 });
    const orphan = signedEvento(acme, unknown.chave, {
      tpEvento: '110110',
      xCorrecao: 'Correcao de uma nota que nao existe',
    });
    expect(
      field(retEvento((await call('NFeRecepcaoEvento4', envEvento([orphan]))).message), 'cStat'),
    ).toBe('494');
  });
});
